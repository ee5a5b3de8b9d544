/**
 * Settled payments as a terminal finds them to refund: a device's recent ones, or one by its id
 * (the receipt's QR carries it), each with what was refunded of it and what remains.
 */
import { sql } from 'kysely'
import type { PaymentMethod, PaymentRefundState } from '@app/domain'
import type { Db } from '../../db/database'
import { RESERVES_SQL } from './repo'

export interface RefundablePayment {
  id: string
  method: PaymentMethod
  memo: string
  amountSat: number
  fiatMinor: number | null
  currency: string
  settledAt: Date | null
  staffName: string | null
  refundedSat: number
  refundedFiatMinor: number
  remainingSat: number
  refundState: PaymentRefundState
}

const SELECT = sql`SELECT p.id, p.method, p.memo, p.amount_sat::float8 AS "amountSat",
    p.fiat_minor::float8 AS "fiatMinor", p.currency, p.settled_at AS "settledAt",
    s.name AS "staffName", COALESCE(t.sat, 0) AS "refundedSat",
    COALESCE(t.fiat, 0) AS "refundedFiatMinor",
    p.amount_sat::float8 - COALESCE(t.sat, 0) AS "remainingSat",
    CASE WHEN COALESCE(t.sat, 0) = 0 THEN 'none'
      WHEN COALESCE(t.sat, 0) >= p.amount_sat THEN 'refunded' ELSE 'partly' END AS "refundState"
  FROM payments p
  LEFT JOIN staff s ON s.id = p.staff_id
  LEFT JOIN LATERAL (
    SELECT sum(r.amount_sat)::float8 AS sat, COALESCE(sum(r.fiat_minor), 0)::float8 AS fiat
    FROM refunds r LEFT JOIN withdrawals w
      ON w.business_id = r.business_id AND w.idempotency_key = r.withdrawal_key::text
    WHERE r.payment_id = p.id AND ${RESERVES_SQL}
  ) t ON true`

export function createRefundPaymentsRepo(db: Db) {
  return {
    /** The device's payments settled since `since`, newest first. */
    async settledAt(deviceId: string, since: Date, limit: number) {
      const r = await sql<RefundablePayment>`${SELECT}
        WHERE p.device_id = ${deviceId} AND p.status = 'settled' AND p.settled_at >= ${since}
        ORDER BY p.settled_at DESC, p.created_at DESC, p.id DESC LIMIT ${limit}`.execute(db)
      return r.rows
    },

    async find(businessId: string, id: string): Promise<RefundablePayment | undefined> {
      const r = await sql<RefundablePayment>`${SELECT}
        WHERE p.id = ${id} AND p.business_id = ${businessId}`.execute(db)
      return r.rows[0]
    },

    /** How each of these payments of the business stands in refunds (the ones with any). */
    async states(businessId: string, ids: string[]) {
      if (ids.length === 0) return new Map<string, PaymentRefundState>()
      const r = await sql<{ id: string; refundState: PaymentRefundState }>`SELECT
          q.id, q."refundState" FROM (${SELECT}
          WHERE p.business_id = ${businessId} AND p.id = ANY(${ids}::uuid[])) q
        WHERE q."refundState" <> 'none'`.execute(db)
      return new Map(r.rows.map((x) => [x.id, x.refundState]))
    },
  }
}

export type RefundPaymentsRepo = ReturnType<typeof createRefundPaymentsRepo>
