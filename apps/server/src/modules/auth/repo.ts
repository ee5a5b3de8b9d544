import { sql } from 'kysely'
import type { Db } from '../../db/database'
import type { BusinessRow } from '../businesses/repo'

export interface UserRow {
  id: string
  email: string
  passwordHash: string
  isOperator: boolean
}

export type MemberBusiness = BusinessRow & { role: string }

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

    /**
     * The session's user and, in the same query, the business when the user is a member of it
     * (null otherwise): business-scoped calls check both with one round trip.
     */
    async findSessionUserInBusiness(
      idHash: string,
      now: Date,
      businessId: string,
    ): Promise<(SessionUser & { business: MemberBusiness | null }) | undefined> {
      const row = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.userId')
        .leftJoin('businessMembers as m', (join) =>
          join.onRef('m.userId', '=', 'users.id').on('m.businessId', '=', businessId),
        )
        .leftJoin('businesses as b', 'b.id', 'm.businessId')
        .select([
          'users.id',
          'users.email',
          'users.isOperator',
          'sessions.idHash as sessionIdHash',
          'sessions.lastSeenAt',
          'b.id as businessId',
          'b.name as businessName',
          'b.onboardingStep',
          'b.currency',
          'b.createdAt as businessCreatedAt',
          'm.role',
        ])
        .where('sessions.idHash', '=', idHash)
        .where('sessions.expiresAt', '>', now)
        .executeTakeFirst()
      if (!row) return undefined
      const {
        businessId: id,
        businessName,
        onboardingStep,
        currency,
        businessCreatedAt,
        role,
      } = row
      return {
        id: row.id,
        email: row.email,
        isOperator: row.isOperator,
        sessionIdHash: row.sessionIdHash,
        lastSeenAt: row.lastSeenAt,
        business:
          id && businessName && onboardingStep && businessCreatedAt && role
            ? {
                id,
                name: businessName,
                onboardingStep,
                currency,
                createdAt: businessCreatedAt,
                role,
              }
            : null,
      }
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
