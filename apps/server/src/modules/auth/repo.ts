import { sql, type Selectable } from 'kysely'
import type { Db } from '../../db/database'
import type { BusinessMembersTable, SessionsTable, UsersTable } from '../../db/schema'
import { batched } from '../../lib/batch'
import type { BusinessRow } from '../businesses/repo'

export type UserRow = Pick<Selectable<UsersTable>, 'id' | 'email' | 'passwordHash' | 'isOperator'>

export type MemberBusiness = BusinessRow & Pick<Selectable<BusinessMembersTable>, 'role'>

export type SessionUser = Pick<Selectable<UsersTable>, 'id' | 'email' | 'isOperator'> & {
  sessionIdHash: Selectable<SessionsTable>['idHash']
  lastSeenAt: Selectable<SessionsTable>['lastSeenAt']
}

/** A row of the raw query below: the session's user, and the business columns (null when not a member). */
type SessionInBusinessRow = SessionUser & {
  keyHash: string
  keyBusiness: string
  businessId: BusinessRow['id'] | null
  businessName: BusinessRow['name'] | null
  onboardingStep: BusinessRow['onboardingStep'] | null
  currency: BusinessRow['currency']
  businessCreatedAt: BusinessRow['createdAt'] | null
  role: MemberBusiness['role'] | null
}

export function createAuthRepo(db: Db) {
  type Key = { idHash: string; now: Date; businessId: string }
  const sessionInBusiness = batched<
    Key,
    (SessionUser & { business: MemberBusiness | null }) | undefined
  >(async (keys) => {
    // Many tills share a session and a business: each pair is asked for once.
    const unique = [...new Map(keys.map((k) => [`${k.idHash} ${k.businessId}`, k])).values()]
    const values = sql.join(
      unique.map((k) => sql`(${k.idHash}, ${k.businessId}::uuid, ${k.now}::timestamptz)`),
    )
    const { rows } = await sql<SessionInBusinessRow>`
        SELECT k.id_hash AS key_hash, k.business_id AS key_business,
               u.id, u.email, u.is_operator, s.id_hash AS session_id_hash, s.last_seen_at,
               b.id AS business_id, b.name AS business_name, b.onboarding_step, b.currency,
               b.created_at AS business_created_at, m.role
        FROM (VALUES ${values}) AS k (id_hash, business_id, now)
        JOIN sessions s ON s.id_hash = k.id_hash AND s.expires_at > k.now
        JOIN users u ON u.id = s.user_id
        LEFT JOIN business_members m ON m.user_id = u.id AND m.business_id = k.business_id
        LEFT JOIN businesses b ON b.id = m.business_id`.execute(db)
    const found = new Map(rows.map((r) => [`${r.keyHash} ${r.keyBusiness}`, r]))
    return keys.map((k) => {
      const row = found.get(`${k.idHash} ${k.businessId}`)
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
    })
  })

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
     * (null otherwise): business-scoped calls check both with one round trip, and calls made at
     * the same moment share one statement.
     */
    findSessionUserInBusiness(
      idHash: string,
      now: Date,
      businessId: string,
    ): Promise<(SessionUser & { business: MemberBusiness | null }) | undefined> {
      return sessionInBusiness({ idHash, now, businessId })
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
