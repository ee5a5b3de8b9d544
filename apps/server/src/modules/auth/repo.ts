/**
 * The accounts' queries: users here, sessions (`session-repo.ts`) and two-factor sign-in
 * (`two-factor-repo.ts`) in their parts, one repository over all three.
 */
import { sql, type Selectable } from 'kysely'
import type { Db } from '../../db/database'
import type { UsersTable } from '../../db/schema'
import { createSessionRepo } from './session-repo'
import { createTwoFactorRepo } from './two-factor-repo'

export type { MemberBusiness, SessionUser } from './session-repo'

export type UserRow = Pick<Selectable<UsersTable>, 'id' | 'email' | 'passwordHash' | 'isOperator'>

export function createAuthRepo(db: Db) {
  return {
    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('users')
        .select(['id', 'email', 'passwordHash', 'isOperator'])
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst()
    },

    async findUserById(id: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('users')
        .select(['id', 'email', 'passwordHash', 'isOperator'])
        .where('id', '=', id)
        .executeTakeFirst()
    },

    /** Inserts the user; undefined when the email is already taken (unique index). */
    async insertUser(email: string, passwordHash: string): Promise<UserRow | undefined> {
      return db
        .insertInto('users')
        .values({ email, passwordHash })
        .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
        .returning(['id', 'email', 'passwordHash', 'isOperator'])
        .executeTakeFirst()
    },

    /** Runs `work` in one transaction (a change and the notice it mails). */
    transaction: <T>(work: (trx: Db) => Promise<T>): Promise<T> => db.transaction().execute(work),

    async setPassword(userId: string, passwordHash: string, on: Db = db): Promise<void> {
      await on
        .updateTable('users')
        .set({ passwordHash, passwordChangedAt: new Date() })
        .where('id', '=', userId)
        .execute()
    },

    async setOperator(email: string, isOperator: boolean): Promise<boolean> {
      const res = await db
        .updateTable('users')
        .set({ isOperator })
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst()
      return res.numUpdatedRows > 0n
    },
    ...createSessionRepo(db),
    ...createTwoFactorRepo(db),
  }
}

export type AuthRepo = ReturnType<typeof createAuthRepo>
