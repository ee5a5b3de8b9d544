/**
 * The daily summary's queries: an owner's choice (a row is on), the summaries due for a day
 * (chosen by an owner, today still an owner, with a verified address, not yet queued), the claim
 * that makes each one queued once, and the terminal tips of a day. The day's totals themselves
 * are the sales views' (`payment_daily_totals`, read through the sales repo).
 */
import { sql, type Transaction } from 'kysely'
import type { Db } from '../../db/database'
import type { Database } from '../../db/schema'

/** A summary to queue: whom to, in which language, for which business. */
export interface DueSummary {
  businessId: string
  userId: string
  email: string
  locale: string
  businessName: string
  currency: string
}

export interface TipTotals {
  count: number
  amountSat: number
  fiatMinor: number
}

const DAY_MS = 86_400_000

/** Whom a summary may go to: an owner of the business, today, whose address is verified. */
const RECIPIENT = sql`JOIN business_members m
    ON m.business_id = s.business_id AND m.user_id = s.user_id AND m.role = 'owner'
  JOIN users u ON u.id = s.user_id AND u.email_verified_at IS NOT NULL`

export function createDailySummaryRepo(db: Db) {
  return {
    transaction: <T>(fn: (trx: Transaction<Database>) => Promise<T>) =>
      db.transaction().execute(fn),

    async isOn(businessId: string, userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('dailySummarySubscriptions')
        .select('userId')
        .where('businessId', '=', businessId)
        .where('userId', '=', userId)
        .executeTakeFirst()
      return row !== undefined
    },

    /** Turns the member's summary on at `at` (kept if it already was on) or off. */
    async set(businessId: string, userId: string, on: boolean, at: Date): Promise<void> {
      if (on) {
        await db
          .insertInto('dailySummarySubscriptions')
          .values({ businessId, userId, createdAt: at })
          .onConflict((oc) => oc.columns(['businessId', 'userId']).doNothing())
          .execute()
      } else {
        await db
          .deleteFrom('dailySummarySubscriptions')
          .where('businessId', '=', businessId)
          .where('userId', '=', userId)
          .execute()
      }
    },

    async emailVerified(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('emailVerifiedAt')
        .where('id', '=', userId)
        .executeTakeFirst()
      return Boolean(row?.emailVerifiedAt)
    },

    /**
     * The summaries of `day` (YYYY-MM-DD) not yet queued, to members who turned theirs on before
     * the day ended and may have one; at most `limit`.
     */
    async due(day: string, dayEnd: Date, limit: number): Promise<DueSummary[]> {
      const r = await sql<DueSummary>`
        SELECT s.business_id AS "businessId", s.user_id AS "userId", u.email, u.locale,
          b.name AS "businessName", b.currency
        FROM daily_summary_subscriptions s ${RECIPIENT}
        JOIN businesses b ON b.id = s.business_id
        WHERE s.created_at < ${dayEnd}
          AND NOT EXISTS (SELECT 1 FROM daily_summaries_sent d
            WHERE d.business_id = s.business_id AND d.user_id = s.user_id AND d.day = ${day}::date)
        ORDER BY s.business_id, s.user_id
        LIMIT ${limit}`.execute(db)
      return r.rows
    },

    /**
     * Records the summary as queued, in the transaction that writes its mail; false when it
     * already was (another run, another server) or the member may no longer have it (no longer
     * an owner, or turned it off, since it was found due). The primary key decides: a second
     * claim waits for the first's transaction and then finds the row.
     */
    async claim(
      trx: Transaction<Database>,
      s: { businessId: string; userId: string; day: string },
    ): Promise<boolean> {
      const r = await sql`
        INSERT INTO daily_summaries_sent (business_id, user_id, day)
        SELECT s.business_id, s.user_id, ${s.day}::date
        FROM daily_summary_subscriptions s ${RECIPIENT}
        WHERE s.business_id = ${s.businessId} AND s.user_id = ${s.userId}
        ON CONFLICT DO NOTHING`.execute(trx)
      return Number(r.numAffectedRows ?? 0) === 1
    },

    /** The tips added at a terminal to payments of the business settled on `day` (UTC). */
    async terminalTips(businessId: string, day: string): Promise<TipTotals> {
      const start = new Date(`${day}T00:00:00Z`)
      const end = new Date(start.getTime() + DAY_MS)
      // A terminal's tip is recorded with its payment (an invoice paid within minutes), so the
      // tips of a day's settlements were recorded that day or the one before.
      const recordedFrom = new Date(start.getTime() - DAY_MS)
      const r = await sql<TipTotals>`
        SELECT count(*)::int AS count, COALESCE(sum(t.tip_sat), 0)::float8 AS "amountSat",
          COALESCE(sum(COALESCE(t.tip_fiat_minor,
            round(t.tip_sat * p.fiat_minor / NULLIF(p.amount_sat, 0)))), 0)::float8 AS "fiatMinor"
        FROM payment_tips t JOIN payments p ON p.id = t.payment_id
        WHERE t.business_id = ${businessId} AND t.tip_sat > 0
          AND t.created_at >= ${recordedFrom} AND t.created_at < ${end}
          AND p.status = 'settled' AND p.settled_at >= ${start} AND p.settled_at < ${end}`.execute(
        db,
      )
      return r.rows[0] ?? { count: 0, amountSat: 0, fiatMinor: 0 }
    },

    /** Forgets the records of summaries older than `beforeDay`: only recent days are sent. */
    async forgetBefore(beforeDay: string): Promise<void> {
      await sql`DELETE FROM daily_summaries_sent WHERE day < ${beforeDay}::date`.execute(db)
    },
  }
}

export type DailySummaryRepo = ReturnType<typeof createDailySummaryRepo>
