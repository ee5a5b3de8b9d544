/**
 * Crediting a payment: a conditional update, so however often a watcher replays a settlement
 * it is credited once, and the daily totals move in the same transaction.
 */
import { sql } from 'kysely'
import type { Db } from '../../db/database'
import { OPEN_STATUSES, PAYMENT_COLUMNS, toPayment, type PaymentRow } from './row'
import { announce } from './write-repo'

export interface SettleInput {
  receivedSat: number
  settledAt: Date
  /** the fiat value at settlement; a fiat amount keyed in when the payment was made is kept */
  fiatMinor: number | null
  feeSat?: number
  /** an on-chain payment's transaction, kept when one was recorded already */
  txid?: string
  /** an on-chain payment's confirmations at settlement */
  confirmations?: number
}

export function createPaymentSettling(db: Db) {
  return {
    /**
     * Credits a payment once: only a pending, processing or expired payment becomes settled.
     * Returns the settled row, or undefined when it was already settled (a replay).
     */
    async settle(id: string, input: SettleInput): Promise<PaymentRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const r = await trx
          .updateTable('payments')
          .set({
            status: 'settled',
            receivedSat: input.receivedSat,
            settledAt: input.settledAt,
            fiatMinor: sql<number | null>`coalesce(fiat_minor, ${input.fiatMinor})`,
            ...(input.feeSat === undefined ? {} : { feeSat: input.feeSat }),
            ...(input.txid === undefined
              ? {}
              : { txid: sql<string>`coalesce(txid, ${input.txid})` }),
            ...(input.confirmations === undefined ? {} : { confirmations: input.confirmations }),
            updatedAt: sql<Date>`now()`,
          })
          .where('id', '=', id)
          .where('status', 'in', [...OPEN_STATUSES, 'expired'])
          .returning(PAYMENT_COLUMNS)
          .executeTakeFirst()
        if (!r) return undefined
        const row = toPayment(r)
        const day = row.settledAt!.toISOString().slice(0, 10)
        await trx
          .insertInto('paymentDailyTotals')
          .values({
            businessId: row.businessId,
            day,
            method: row.method,
            count: 1,
            amountSat: row.receivedSat,
            fiatMinor: row.fiatMinor ?? 0,
          })
          .onConflict((oc) =>
            oc.columns(['businessId', 'day', 'method']).doUpdateSet({
              count: sql`payment_daily_totals.count + 1`,
              amountSat: sql`payment_daily_totals.amount_sat + ${row.receivedSat}`,
              fiatMinor: sql`payment_daily_totals.fiat_minor + ${row.fiatMinor ?? 0}`,
            }),
          )
          .execute()
        await announce(trx, row.id)
        return row
      })
    },
  }
}
