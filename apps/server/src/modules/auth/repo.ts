import { sql } from 'kysely'
import type { Db } from '../../db/database'

export interface UserRow {
  id: string
  email: string
  passwordHash: string
  isOperator: boolean
}

export interface SessionUser {
  id: string
  email: string
  isOperator: boolean
  sessionIdHash: string
  lastSeenAt: Date
}

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

    async setPassword(userId: string, passwordHash: string): Promise<void> {
      await db
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

    async insertSession(idHash: string, userId: string, expiresAt: Date): Promise<void> {
      await db.insertInto('sessions').values({ idHash, userId, expiresAt }).execute()
    },

    async findSessionUser(idHash: string, now: Date): Promise<SessionUser | undefined> {
      return db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.userId')
        .select([
          'users.id',
          'users.email',
          'users.isOperator',
          'sessions.idHash as sessionIdHash',
          'sessions.lastSeenAt',
        ])
        .where('sessions.idHash', '=', idHash)
        .where('sessions.expiresAt', '>', now)
        .executeTakeFirst()
    },

    async touchSession(idHash: string, now: Date, expiresAt: Date): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ lastSeenAt: now, expiresAt })
        .where('idHash', '=', idHash)
        .execute()
    },

    async deleteSession(idHash: string): Promise<void> {
      await db.deleteFrom('sessions').where('idHash', '=', idHash).execute()
    },

    async deleteUserSessions(userId: string): Promise<void> {
      await db.deleteFrom('sessions').where('userId', '=', userId).execute()
    },
  }
}

export type AuthRepo = ReturnType<typeof createAuthRepo>
