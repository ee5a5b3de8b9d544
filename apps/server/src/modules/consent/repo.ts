/**
 * Every query of the consent policy: sessions' step-ups, the operator's payout limits, what a
 * business paid out lately (withdrawals, refunds among them, and Loop swaps), and the audit of
 * each decision.
 */
import type { ConsentAction } from '@app/domain'
import { sql } from 'kysely'
import type { Db } from '../../db/database'

export interface ConsentDecision {
  businessId: string
  userId: string | null
  actor: 'user' | 'staff'
  action: ConsentAction
  destination: string
  amountSat: number | null
  outcome: 'allowed' | 'refused'
  reason: string
}

export interface PayoutLimits {
  perPayoutSat: number | null
  perDaySat: number | null
}

const num = (v: string | null) => (v === null ? null : Number(v))

export function createConsentRepo(db: Db) {
  return {
    /** Records (or renews) the session's step-up until `expiresAt`. */
    async recordStepUp(sessionIdHash: string, userId: string, expiresAt: Date): Promise<void> {
      await db
        .insertInto('consentStepUps')
        .values({ sessionIdHash, userId, expiresAt })
        .onConflict((oc) => oc.column('sessionIdHash').doUpdateSet({ userId, expiresAt }))
        .execute()
    },

    /** When the session's step-up for this user ends; null without one. */
    async stepUpUntil(sessionIdHash: string, userId: string): Promise<Date | null> {
      const row = await db
        .selectFrom('consentStepUps')
        .select('expiresAt')
        .where('sessionIdHash', '=', sessionIdHash)
        .where('userId', '=', userId)
        .executeTakeFirst()
      return row?.expiresAt ?? null
    },

    async limits(businessId: string): Promise<PayoutLimits> {
      const row = await db
        .selectFrom('payoutLimits')
        .select(['perPayoutSat', 'perDaySat'])
        .where('businessId', '=', businessId)
        .executeTakeFirst()
      return {
        perPayoutSat: num(row?.perPayoutSat ?? null),
        perDaySat: num(row?.perDaySat ?? null),
      }
    },

    /** Sets the business's limits (null: none); false when there is no such business. */
    async setLimits(businessId: string, limits: PayoutLimits, setBy: string): Promise<boolean> {
      const business = await db
        .selectFrom('businesses')
        .select('id')
        .where('id', '=', businessId)
        .executeTakeFirst()
      if (!business) return false
      const values = { ...limits, setBy, updatedAt: new Date() }
      await db
        .insertInto('payoutLimits')
        .values({ businessId, ...values })
        .onConflict((oc) => oc.column('businessId').doUpdateSet(values))
        .execute()
      return true
    },

    /**
     * What left (or is leaving) the business since `since`: withdrawals (refunds are paid as
     * withdrawals) and manual Loop swaps, failed ones left out.
     */
    async paidOutSince(businessId: string, since: Date): Promise<number> {
      const row = await sql<{ total: string | null }>`
        SELECT (
          (SELECT COALESCE(SUM(amount_sat), 0) FROM withdrawals
            WHERE business_id = ${businessId} AND status <> 'failed' AND created_at > ${since})
          + (SELECT COALESCE(SUM(amount_sat), 0) FROM loop_swaps
            WHERE business_id = ${businessId} AND status <> 'failed' AND created_at > ${since})
        )::text AS total`.execute(db)
      return Number(row.rows[0]?.total ?? 0)
    },

    async record(d: ConsentDecision): Promise<void> {
      await db.insertInto('consentDecisions').values(d).execute()
    },
  }
}

export type ConsentRepo = ReturnType<typeof createConsentRepo>
