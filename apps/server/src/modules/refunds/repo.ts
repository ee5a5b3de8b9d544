/**
 * Every query of refunds. A refund is written in one transaction with the check that it does
 * not exceed what remains of its payment (the payment's row is locked, so two refunds at once
 * are counted one after the other). How a refund stands comes from its own row until the
 * withdrawal that pays it exists (found by the withdrawal key the refund holds from the start),
 * then from that withdrawal. An open LNURL-withdraw is claimed once, before it expires, under
 * the same lock.
 */
import { sql, type Selectable } from 'kysely'
import type { RefundState } from '@app/domain'
import { recordAudit, type AuditEvent } from '../audit'
import type { Db } from '../../db/database'
import type { RefundsTable } from '../../db/schema'

export type RefundRow = Selectable<RefundsTable>

export interface RefundRecord {
  id: string
  businessId: string
  paymentId: string
  deviceId: string | null
  staffId: string | null
  staffName: string | null
  deviceName: string | null
  basis: 'fiat' | 'sat'
  amountSat: number
  fiatMinor: number | null
  currency: string
  payout: 'lnurl' | 'destination'
  destination: string | null
  state: RefundState
  failureReason: string | null
  expiresAt: Date | null
  withdrawalKey: string
  withdrawalId: string | null
  createdAt: Date
}

export type NewRefund = {
  businessId: string
  paymentId: string
  deviceId: string
  staffId: string
  basis: 'fiat' | 'sat'
  payout: 'lnurl' | 'destination'
  destination: string | null
  k1Hash: string | null
  expiresAt: Date | null
  withdrawalKey: string
  idempotencyKey: string
}

/** The state of refund `r` joined with its withdrawal `w`, in SQL. */
export const REFUND_STATE_SQL = sql<RefundState>`CASE
  WHEN w.status = 'succeeded' THEN 'refunded'
  WHEN w.status = 'failed' THEN 'failed'
  WHEN w.id IS NOT NULL THEN 'sending'
  WHEN r.status = 'failed' THEN 'failed'
  WHEN r.status = 'claimed' THEN 'sending'
  WHEN r.expires_at <= clock_timestamp() THEN 'expired'
  ELSE 'open' END`

/** Refunds that take from what remains of their payment: all but failed and expired ones. */
export const RESERVES_SQL = sql`(${REFUND_STATE_SQL}) IN ('open', 'sending', 'refunded')`

const SELECT_RECORD = sql`SELECT r.id, r.business_id AS "businessId", r.payment_id AS "paymentId",
    r.device_id AS "deviceId", r.staff_id AS "staffId", s.name AS "staffName",
    d.name AS "deviceName", r.basis, r.amount_sat::float8 AS "amountSat",
    r.fiat_minor::float8 AS "fiatMinor", r.currency, r.payout, r.destination,
    ${REFUND_STATE_SQL} AS state, COALESCE(w.failure_reason, r.failure_reason) AS "failureReason",
    r.expires_at AS "expiresAt", r.withdrawal_key::text AS "withdrawalKey",
    w.id AS "withdrawalId", r.created_at AS "createdAt"
  FROM refunds r
  LEFT JOIN withdrawals w
    ON w.business_id = r.business_id AND w.idempotency_key = r.withdrawal_key::text
  LEFT JOIN staff s ON s.id = r.staff_id
  LEFT JOIN devices d ON d.id = r.device_id`

export type CreateOutcome =
  | { ok: true; record: RefundRecord; isNew: boolean }
  | { ok: false; reason: 'missing' | 'notSettled' }
  | { ok: false; reason: 'exceeds'; remainingSat: number }

export function createRefundRepo(db: Db) {
  async function record(id: string): Promise<RefundRecord | undefined> {
    const r = await sql<RefundRecord>`${SELECT_RECORD} WHERE r.id = ${id}`.execute(db)
    return r.rows[0]
  }

  return {
    record,

    /** A payment of the business: its status, what it was paid with and what remains of it. */
    async paymentAmounts(businessId: string, paymentId: string) {
      const r = await sql<PaidAmounts & { status: string }>`SELECT p.status,
          p.amount_sat::float8 AS sat, p.fiat_minor::float8 AS "fiatMinor",
          p.amount_sat::float8 - (SELECT COALESCE(sum(r.amount_sat), 0)::float8
            FROM refunds r LEFT JOIN withdrawals w
              ON w.business_id = r.business_id AND w.idempotency_key = r.withdrawal_key::text
            WHERE r.payment_id = p.id AND ${RESERVES_SQL}) AS "remainingSat"
        FROM payments p WHERE p.id = ${paymentId} AND p.business_id = ${businessId}`.execute(db)
      return r.rows[0]
    },

    async byKey(businessId: string, idempotencyKey: string) {
      const row = await db
        .selectFrom('refunds')
        .select('id')
        .where('businessId', '=', businessId)
        .where('idempotencyKey', '=', idempotencyKey)
        .executeTakeFirst()
      return row ? record(row.id) : undefined
    },

    /** Writes the refund if the payment is settled and enough of it remains. */
    async create(
      r: NewRefund,
      amountOf: (p: PaidAmounts) => RefundAmounts | null,
      audit?: (record: RefundRecord) => AuditEvent,
    ) {
      return db.transaction().execute(async (trx): Promise<CreateOutcome> => {
        const payment = await trx
          .selectFrom('payments')
          .select(['id', 'status', 'amountSat', 'fiatMinor', 'currency'])
          .where('id', '=', r.paymentId)
          .where('businessId', '=', r.businessId)
          .forUpdate()
          .executeTakeFirst()
        if (!payment) return { ok: false, reason: 'missing' }
        const earlier = await trx
          .selectFrom('refunds')
          .select('id')
          .where('businessId', '=', r.businessId)
          .where('idempotencyKey', '=', r.idempotencyKey)
          .executeTakeFirst()
        if (earlier) {
          const found = await sql<RefundRecord>`${SELECT_RECORD} WHERE r.id = ${earlier.id}`
            .execute(trx)
            .then((x) => x.rows[0])
          if (found) return { ok: true, record: found, isNew: false }
        }
        if (payment.status !== 'settled') return { ok: false, reason: 'notSettled' }
        const taken = await sql<{
          sat: number
        }>`SELECT COALESCE(sum(r.amount_sat), 0)::float8 AS sat
          FROM refunds r LEFT JOIN withdrawals w
            ON w.business_id = r.business_id AND w.idempotency_key = r.withdrawal_key::text
          WHERE r.payment_id = ${r.paymentId} AND ${RESERVES_SQL}`.execute(trx)
        const paidSat = Number(payment.amountSat)
        const remainingSat = paidSat - (taken.rows[0]?.sat ?? 0)
        const amounts = amountOf({
          sat: paidSat,
          fiatMinor: payment.fiatMinor === null ? null : Number(payment.fiatMinor),
          remainingSat,
        })
        if (!amounts || amounts.amountSat > remainingSat || amounts.amountSat <= 0) {
          return { ok: false, reason: 'exceeds', remainingSat: Math.max(0, remainingSat) }
        }
        const inserted = await trx
          .insertInto('refunds')
          .values({
            ...r,
            amountSat: amounts.amountSat,
            fiatMinor: amounts.fiatMinor,
            currency: payment.currency,
            status: r.payout === 'lnurl' ? 'open' : 'claimed',
            claimedAt: r.payout === 'lnurl' ? null : new Date(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        const found = await sql<RefundRecord>`${SELECT_RECORD} WHERE r.id = ${inserted.id}`
          .execute(trx)
          .then((x) => x.rows[0])
        if (!found) throw new Error('refund vanished after its insert')
        if (audit) await recordAudit(trx, audit(found))
        return { ok: true, record: found, isNew: true }
      })
    },

    /** The open, unexpired LNURL-withdraw refund with this k1 hash, if any. */
    async openByK1(k1Hash: string): Promise<RefundRecord | undefined> {
      const r = await sql<RefundRecord>`${SELECT_RECORD}
        WHERE r.k1_hash = ${k1Hash} AND r.status = 'open'
          AND r.expires_at > clock_timestamp()`.execute(db)
      return r.rows[0]
    },

    /**
     * open -> claimed with the customer's invoice, once and before it expires; under the lock
     * of its payment, so a refund written at the same moment counts it either way consistently.
     */
    async claim(k1Hash: string, invoice: string): Promise<RefundRecord | null> {
      return db.transaction().execute(async (trx) => {
        const target = await trx
          .selectFrom('refunds')
          .select(['id', 'paymentId'])
          .where('k1Hash', '=', k1Hash)
          .executeTakeFirst()
        if (!target) return null
        await sql`SELECT 1 FROM payments WHERE id = ${target.paymentId} FOR UPDATE`.execute(trx)
        const r = await sql`UPDATE refunds SET status = 'claimed', destination = ${invoice},
            claimed_at = clock_timestamp(), updated_at = clock_timestamp()
          WHERE id = ${target.id} AND status = 'open' AND expires_at > clock_timestamp()`.execute(
          trx,
        )
        if (Number(r.numAffectedRows ?? 0) === 0) return null
        const found = await sql<RefundRecord>`${SELECT_RECORD} WHERE r.id = ${target.id}`.execute(
          trx,
        )
        return found.rows[0] ?? null
      })
    },

    async linkWithdrawal(id: string, withdrawalId: string): Promise<void> {
      await db
        .updateTable('refunds')
        .set({ withdrawalId, updatedAt: new Date() })
        .where('id', '=', id)
        .execute()
    },

    /** A claimed refund whose withdrawal was refused before it was written. */
    async fail(id: string, reason: string): Promise<void> {
      await db
        .updateTable('refunds')
        .set({ status: 'failed', failureReason: reason, updatedAt: new Date() })
        .where('id', '=', id)
        .where('status', '=', 'claimed')
        .where('withdrawalId', 'is', null)
        .execute()
    },

    /** Claimed refunds with no withdrawal yet, claimed more than `ms` ago: a send to resume. */
    async unsent(ms: number, limit = 50): Promise<RefundRecord[]> {
      const r = await sql<RefundRecord>`${SELECT_RECORD}
        WHERE r.status = 'claimed' AND w.id IS NULL
          AND r.claimed_at < clock_timestamp() - make_interval(secs => ${ms / 1000})
        ORDER BY r.claimed_at LIMIT ${limit}`.execute(db)
      return r.rows
    },

    async ofPayment(paymentId: string): Promise<RefundRecord[]> {
      const r = await sql<RefundRecord>`${SELECT_RECORD}
        WHERE r.payment_id = ${paymentId} ORDER BY r.created_at`.execute(db)
      return r.rows
    },

    /** A business's refunds made in [from, to), oldest first, with who made them. */
    async inPeriod(businessId: string, from: Date, to: Date, limit: number) {
      const r = await sql<RefundRecord>`${SELECT_RECORD}
        WHERE r.business_id = ${businessId} AND r.created_at >= ${from} AND r.created_at < ${to}
        ORDER BY r.created_at, r.id LIMIT ${limit}`.execute(db)
      return r.rows
    },
  }
}

/** What the refunded payment was paid with, and how much of it remains. */
export interface PaidAmounts {
  sat: number
  fiatMinor: number | null
  remainingSat: number
}

export interface RefundAmounts {
  amountSat: number
  fiatMinor: number | null
}

export type RefundRepo = ReturnType<typeof createRefundRepo>
