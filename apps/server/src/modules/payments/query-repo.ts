/**
 * Reading payments: one payment (by id, invoice hash or idempotency key), and the open ones the
 * watchers and the expiry sweep look at, each read from a partial index on open statuses.
 */
import { sql, type ExpressionBuilder } from 'kysely'
import type { Db } from '../../db/database'
import type { Database } from '../../db/schema'
import type { OnboardingStep } from '@app/domain'
import { OPEN_STATUSES, PAYMENT_COLUMNS, toPayment, type PaymentRow } from './row'

/**
 * Open payments lapsed before `now` (see `lapsed`), as a condition on `payments`; the range on
 * `expires_at` comes first so the open-expiry index serves it (the grace is never negative).
 */
const lapsedBefore =
  (now: Date, addressGraceMs: number) => (eb: ExpressionBuilder<Database, 'payments'>) =>
    eb.and([
      eb('expiresAt', '<', now),
      eb.or([
        eb('address', 'is', null),
        eb.and([
          eb('status', '=', 'pending'),
          eb('expiresAt', '<', new Date(now.getTime() - Math.max(0, addressGraceMs))),
        ]),
      ]),
    ])

export function createPaymentQueries(db: Db) {
  /** A business's open payments, every column: what the watchers' queries narrow down. */
  const openOf = (businessId: string) =>
    db
      .selectFrom('payments')
      .select(PAYMENT_COLUMNS)
      .where('businessId', '=', businessId)
      .where('status', 'in', OPEN_STATUSES)

  return {
    /** The business's onboarding step (its row by primary key); undefined when there is none. */
    async businessStep(businessId: string): Promise<OnboardingStep | undefined> {
      const r = await db
        .selectFrom('businesses')
        .select('onboardingStep')
        .where('id', '=', businessId)
        .executeTakeFirst()
      return r?.onboardingStep
    },

    async find(businessId: string, id: string): Promise<PaymentRow | undefined> {
      const r = await db
        .selectFrom('payments')
        .select(PAYMENT_COLUMNS)
        .where('id', '=', id)
        .where('businessId', '=', businessId)
        .executeTakeFirst()
      return r && toPayment(r)
    },

    async findByHash(paymentHash: string): Promise<PaymentRow | undefined> {
      const r = await db
        .selectFrom('payments')
        .select(PAYMENT_COLUMNS)
        .where('paymentHash', '=', paymentHash)
        .executeTakeFirst()
      return r && toPayment(r)
    },

    async byIdempotencyKey(businessId: string, key: string): Promise<PaymentRow | undefined> {
      const r = await db
        .selectFrom('payments')
        .select(PAYMENT_COLUMNS)
        .where('businessId', '=', businessId)
        .where('idempotencyKey', '=', key)
        .executeTakeFirst()
      return r && toPayment(r)
    },

    async open(businessId: string): Promise<PaymentRow[]> {
      const rows = await openOf(businessId).execute()
      return rows.map(toPayment)
    },

    /**
     * Hashes of open invoices not yet expired, newest first and at most `limit`: what a wallet
     * without reliable push looks up behind its notifications (lapsed ones are swept apart).
     */
    async openInvoiceHashes(businessId: string, now: Date, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('payments')
        .select('paymentHash')
        .where('businessId', '=', businessId)
        .where('status', 'in', OPEN_STATUSES)
        .where('paymentHash', 'is not', null)
        .where('expiresAt', '>=', now)
        .orderBy('createdAt', 'desc')
        .limit(limit)
        .execute()
      return rows.flatMap((r) => (r.paymentHash ? [r.paymentHash] : []))
    },

    /** Open payments to an on-chain address (their address is followed on every tick). */
    async openOnchain(businessId: string): Promise<PaymentRow[]> {
      const rows = await openOf(businessId).where('address', 'is not', null).execute()
      return rows.map(toPayment)
    },

    /**
     * Open payments that lapsed before `now`: an invoice past its expiry, or an unpaid address
     * payment (unified with an invoice) past its invoice's expiry and `addressGraceMs` more.
     * An address payment already seen on-chain (`processing`) never lapses: it is followed on.
     */
    async lapsed(businessId: string, now: Date, addressGraceMs = 0): Promise<PaymentRow[]> {
      const rows = await openOf(businessId)
        .where(lapsedBefore(now, addressGraceMs))
        .limit(500)
        .execute()
      return rows.map(toPayment)
    },

    /** Businesses with a lapsed open payment (as `lapsed` says). */
    async businessesWithLapsed(now: Date, addressGraceMs = 0): Promise<string[]> {
      const rows = await db
        .selectFrom('payments')
        .select('businessId')
        .distinct()
        .where('status', 'in', OPEN_STATUSES)
        .where(lapsedBefore(now, addressGraceMs))
        .execute()
      return rows.map((r) => r.businessId)
    },

    /** Businesses with an open payment to an on-chain address (their addresses are followed). */
    async businessesWithOpenOnchain(): Promise<string[]> {
      const rows = await db
        .selectFrom('payments')
        .select('businessId')
        .distinct()
        .where('status', 'in', OPEN_STATUSES)
        .where('address', 'is not', null)
        .execute()
      return rows.map((r) => r.businessId)
    },

    /**
     * Businesses with an open payment, the one with the newest payment first (a till may be
     * waiting on it).
     */
    async businessesWithOpenPayments(): Promise<string[]> {
      const rows = await db
        .selectFrom('payments')
        .select('businessId')
        .where('status', 'in', OPEN_STATUSES)
        .groupBy('businessId')
        .orderBy(sql`max(created_at)`, 'desc')
        .execute()
      return rows.map((r) => r.businessId)
    },
  }
}

export type PaymentQueries = ReturnType<typeof createPaymentQueries>
