/**
 * The sessions' queries: sign-in makes one, each use slides its end, sign-out and revocation end
 * it (and tell every instance, so subscriptions opened with it end too), the Account page lists
 * them. Business-scoped calls find the session's user and the business with one round trip.
 */
import { sql, type Selectable } from 'kysely'
import type { Db } from '../../db/database'
import type { BusinessMembersTable, SessionsTable, UsersTable } from '../../db/schema'
import { batched } from '../../lib/batch'
import type { BusinessRow } from '../businesses'

/** A business as its member sees it: with their role, and the business's own role rules. */
export type MemberBusiness = BusinessRow &
  Pick<Selectable<BusinessMembersTable>, 'role'> & { adminsMayPayOut: boolean }

export type SessionUser = Pick<Selectable<UsersTable>, 'id' | 'email' | 'isOperator'> & {
  sessionIdHash: Selectable<SessionsTable>['idHash']
  lastSeenAt: Selectable<SessionsTable>['lastSeenAt']
  sessionCreatedAt: Selectable<SessionsTable>['createdAt']
  sessionExpiresAt: Selectable<SessionsTable>['expiresAt']
}

/** A row of the sessions list. */
export type SessionListRow = Pick<
  Selectable<SessionsTable>,
  'id' | 'idHash' | 'createdAt' | 'lastSeenAt' | 'userAgent' | 'ip'
>

/** Where a session was made from, for the sessions list. */
export interface SessionOrigin {
  userAgent: string | null
  ip: string | null
}

/**
 * Told on every instance when sessions end, so subscriptions opened with them end too: the
 * session's id hash, or `{ ended, replacedBy }` when the user replaced the session with a new
 * one themselves (a password change), whose subscriptions carry on under the new session.
 */
export const SESSION_ENDED_CHANNEL = 'session_ended'

/** What `SESSION_ENDED_CHANNEL` says of a session its own user replaced. */
export interface SessionReplaced {
  ended: string
  replacedBy: string
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
  adminsMayPayOut: boolean | null
}

export function createSessionRepo(db: Db) {
  /** Deletes the sessions matching `where` and tells every instance which ended. */
  async function endSessions(where: ReturnType<typeof sql>): Promise<number> {
    const { rows } = await sql<{ idHash: string }>`
      WITH ended AS (DELETE FROM sessions WHERE ${where} RETURNING id_hash)
      SELECT id_hash, pg_notify(${SESSION_ENDED_CHANNEL}, to_json(id_hash)::text) FROM ended`.execute(
      db,
    )
    return rows.length
  }

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
               s.created_at AS session_created_at, s.expires_at AS session_expires_at,
               b.id AS business_id, b.name AS business_name, b.onboarding_step, b.currency,
               b.created_at AS business_created_at, m.role, b.admins_may_pay_out
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
        adminsMayPayOut,
      } = row
      return {
        id: row.id,
        email: row.email,
        isOperator: row.isOperator,
        sessionIdHash: row.sessionIdHash,
        lastSeenAt: row.lastSeenAt,
        sessionCreatedAt: row.sessionCreatedAt,
        sessionExpiresAt: row.sessionExpiresAt,
        business:
          id && businessName && onboardingStep && businessCreatedAt && role
            ? {
                id,
                name: businessName,
                onboardingStep,
                currency,
                createdAt: businessCreatedAt,
                role,
                adminsMayPayOut: adminsMayPayOut === true,
              }
            : null,
      }
    })
  })

  return {
    async insertSession(
      idHash: string,
      userId: string,
      expiresAt: Date,
      origin: SessionOrigin = { userAgent: null, ip: null },
    ): Promise<void> {
      await db
        .insertInto('sessions')
        .values({ idHash, userId, expiresAt, userAgent: origin.userAgent, ip: origin.ip })
        .execute()
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
          'sessions.createdAt as sessionCreatedAt',
          'sessions.expiresAt as sessionExpiresAt',
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

    async touchSession(idHash: string, now: Date, expiresAt: Date, ip?: string): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ lastSeenAt: now, expiresAt, ...(ip === undefined ? {} : { ip }) })
        .where('idHash', '=', idHash)
        .execute()
    },

    /** Ends a session that outlived its absolute lifetime (or any one session), and tells. */
    async deleteSession(idHash: string): Promise<void> {
      await endSessions(sql`id_hash = ${idHash}`)
    },

    /**
     * Starts the user's new session and ends every other one, at once: `replaced`, the session
     * that asked, is told as replaced by the new one; the others as ended.
     */
    async replaceUserSessions(
      userId: string,
      replaced: string,
      next: { idHash: string; expiresAt: Date; origin: SessionOrigin },
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('sessions')
          .values({
            idHash: next.idHash,
            userId,
            expiresAt: next.expiresAt,
            userAgent: next.origin.userAgent,
            ip: next.origin.ip,
          })
          .execute()
        // Told when the transaction commits: the new session is there by then.
        await sql`
          WITH ended AS (
            DELETE FROM sessions WHERE user_id = ${userId} AND id_hash <> ${next.idHash}
            RETURNING id_hash)
          SELECT pg_notify(${SESSION_ENDED_CHANNEL}, CASE WHEN id_hash = ${replaced}
            THEN json_build_object('ended', id_hash, 'replacedBy', ${next.idHash}::text)::text
            ELSE to_json(id_hash)::text END)
          FROM ended`.execute(trx)
      })
    },

    /** Every session of the user but this one; how many ended. */
    async deleteOtherSessions(userId: string, keepIdHash: string): Promise<number> {
      return endSessions(sql`user_id = ${userId} AND id_hash <> ${keepIdHash}`)
    },

    /** One of the user's sessions by its public id, never the one given; whether it ended. */
    async deleteSessionById(userId: string, id: string, keepIdHash: string): Promise<boolean> {
      const n = await endSessions(
        sql`user_id = ${userId} AND id = ${id}::uuid AND id_hash <> ${keepIdHash}`,
      )
      return n > 0
    },

    /** The user's live sessions, the most recently used first. */
    async listSessions(userId: string, now: Date): Promise<SessionListRow[]> {
      return db
        .selectFrom('sessions')
        .select(['id', 'idHash', 'createdAt', 'lastSeenAt', 'userAgent', 'ip'])
        .where('userId', '=', userId)
        .where('expiresAt', '>', now)
        .orderBy('lastSeenAt', 'desc')
        .orderBy('createdAt', 'desc')
        .execute()
    },

    /** Which of these sessions still live, with when each ends (sliding) and began. */
    async liveSessions(
      idHashes: string[],
      now: Date,
    ): Promise<{ idHash: string; expiresAt: Date; createdAt: Date }[]> {
      if (idHashes.length === 0) return []
      return db
        .selectFrom('sessions')
        .select(['idHash', 'expiresAt', 'createdAt'])
        .where('idHash', 'in', idHashes)
        .where('expiresAt', '>', now)
        .execute()
    },
  }
}
