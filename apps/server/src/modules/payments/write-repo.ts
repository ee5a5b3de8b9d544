/**
 * Writing payment rows: a payment is written (with its idempotency key) before the wallet is
 * asked for anything, then its invoice or address is attached, or it moves to another state.
 * Every move out of an open state is conditional on the row still being open, and announced
 * with pg_notify.
 */
import { randomUUID } from 'node:crypto'
import { sql, type Transaction } from 'kysely'
import type { Db } from '../../db/database'
import type { Database, PaymentStatus } from '../../db/schema'
import { batched } from '../../lib/batch'
import {
  OPEN_STATUSES,
  PAYMENT_COLUMNS,
  PAYMENT_EVENTS_CHANNEL,
  toPayment,
  UTC_MICROS,
  type NewPayment,
  type PaymentRow,
  type RawPayment,
} from './row'

/** Tells every instance that a payment changed (a `PaymentEvent`). */
export async function announce(trx: Transaction<Database> | Db, id: string) {
  await sql`SELECT pg_notify(${PAYMENT_EVENTS_CHANNEL}, json_build_object('id', id,
      'businessId', business_id, 'at', to_char(updated_at AT TIME ZONE 'UTC', ${UTC_MICROS}))::text)
    FROM payments WHERE id = ${id}`.execute(trx)
}

type Invoice = { paymentHash: string; paymentRequest: string; expiresAt: Date }

export function createPaymentWrites(db: Db) {
  const insertOne = batched<NewPayment & { id: string }, PaymentRow | null>(async (items) => {
    const rows = await db
      .insertInto('payments')
      .values(
        items.map((p) => ({
          id: p.id,
          businessId: p.businessId,
          method: p.method,
          status: p.status ?? 'pending',
          amountSat: p.amountSat,
          currency: p.currency,
          fiatMinor: p.fiatMinor,
          memo: p.memo,
          tipPageId: p.tipPageId ?? null,
          deviceId: p.deviceId ?? null,
          staffId: p.staffId ?? null,
          orderReference: p.orderReference ?? null,
          idempotencyKey: p.idempotencyKey ?? null,
        })),
      )
      .onConflict((oc) =>
        oc
          .columns(['businessId', 'idempotencyKey'])
          .where('idempotencyKey', 'is not', null)
          .doNothing(),
      )
      .returning(PAYMENT_COLUMNS)
      .execute()
    const byId = new Map(rows.map((r) => [r.id, toPayment(r)]))
    // Not returned: its idempotency key was taken (by an earlier call or this same batch).
    return items.map((p) => byId.get(p.id) ?? null)
  })

  const attachOne = batched<{ id: string } & Invoice, PaymentRow | null>(async (items) => {
    const values = sql.join(
      items.map(
        (i) =>
          sql`(${i.id}::uuid, ${i.paymentHash}, ${i.paymentRequest}, ${i.expiresAt}::timestamptz)`,
      ),
    )
    const { rows } = await sql<RawPayment>`
      UPDATE payments AS p
      SET payment_hash = v.payment_hash, payment_request = v.payment_request,
          expires_at = v.expires_at, updated_at = now()
      FROM (VALUES ${values}) AS v (id, payment_hash, payment_request, expires_at)
      WHERE p.id = v.id AND p.status IN ('pending', 'processing')
      RETURNING ${sql.join(PAYMENT_COLUMNS.map((c) => sql.ref(`p.${c}`)))}`.execute(db)
    const byId = new Map(rows.map((r) => [r.id, toPayment(r)]))
    // Not returned: no longer open (failed past its deadline while the wallet was asked).
    return items.map((i) => byId.get(i.id) ?? null)
  })

  return {
    /** The new payment, or the existing one with the same idempotency key. */
    async insert(p: NewPayment): Promise<{ row: PaymentRow; isNew: boolean }> {
      const inserted = await insertOne({ ...p, id: randomUUID() })
      if (inserted) return { row: inserted, isNew: true }
      const existing = await db
        .selectFrom('payments')
        .select(PAYMENT_COLUMNS)
        .where('businessId', '=', p.businessId)
        .where('idempotencyKey', '=', p.idempotencyKey ?? '')
        .executeTakeFirstOrThrow()
      return { row: toPayment(existing), isNew: false }
    },

    /** Attaches the wallet's invoice to an open payment; undefined when it is no longer open. */
    async attachInvoice(id: string, invoice: Invoice): Promise<PaymentRow | undefined> {
      return (await attachOne({ id, ...invoice })) ?? undefined
    },

    /**
     * Attaches what a resumed request got (see `receive.ts` `resume`) to an open payment that
     * still has neither an invoice nor an address; undefined otherwise (closed, or answered
     * meanwhile by the request it resumes), so nothing attached is ever replaced.
     */
    async attachToUnanswered(
      id: string,
      answer: { invoice?: Invoice; address?: string },
    ): Promise<PaymentRow | undefined> {
      const r = await db
        .updateTable('payments')
        .set({
          ...(answer.invoice
            ? {
                paymentHash: answer.invoice.paymentHash,
                paymentRequest: answer.invoice.paymentRequest,
                expiresAt: answer.invoice.expiresAt,
              }
            : {}),
          ...(answer.address ? { address: answer.address } : {}),
          updatedAt: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .where('status', 'in', OPEN_STATUSES)
        .where('paymentHash', 'is', null)
        .where('address', 'is', null)
        .returning(PAYMENT_COLUMNS)
        .executeTakeFirst()
      if (r) await announce(db, r.id)
      return r && toPayment(r)
    },

    /** Attaches an address to an open payment; undefined when it is no longer open. */
    async attachAddress(id: string, address: string): Promise<PaymentRow | undefined> {
      const r = await db
        .updateTable('payments')
        .set({ address, updatedAt: sql<Date>`now()` })
        .where('id', '=', id)
        .where('status', 'in', OPEN_STATUSES)
        .returning(PAYMENT_COLUMNS)
        .executeTakeFirst()
      return r && toPayment(r)
    },

    /** The fee on a payment (an ecash mint's), whoever credits it. */
    async setFee(id: string, feeSat: number): Promise<void> {
      await db
        .updateTable('payments')
        .set({ feeSat, updatedAt: sql<Date>`now()` })
        .where('id', '=', id)
        .execute()
    },

    /**
     * Fails open payments written before `cutoff` that never got an invoice or an address: the
     * wallet call that should have brought one never returned (the process died in between).
     * Not an ecash payment whose redemption is unfinished: its recovery owns it.
     */
    async failUnanswered(cutoff: Date, reason: string, limit = 500): Promise<PaymentRow[]> {
      const rows = await db
        .updateTable('payments')
        .set({ status: 'failed', failureReason: reason, updatedAt: sql<Date>`now()` })
        .where('id', 'in', (q) =>
          q
            .selectFrom('payments')
            .select('id')
            .where('status', 'in', OPEN_STATUSES)
            .where('paymentHash', 'is', null)
            .where('address', 'is', null)
            .where('createdAt', '<', cutoff)
            .where((eb) =>
              eb.not(
                eb.exists(
                  eb
                    .selectFrom('ecashRedemptions')
                    .select('ecashRedemptions.paymentId')
                    .whereRef('ecashRedemptions.paymentId', '=', 'payments.id')
                    .where('ecashRedemptions.stage', '<>', 'done'),
                ),
              ),
            )
            .limit(limit),
        )
        .where('status', 'in', OPEN_STATUSES)
        .returning(PAYMENT_COLUMNS)
        .execute()
      for (const r of rows) await announce(db, r.id)
      return rows.map(toPayment)
    },

    /** Moves an open payment to another non-settled state (processing, expired, failed). */
    async move(
      id: string,
      to: Exclude<PaymentStatus, 'settled'>,
      patch: {
        failureReason?: string
        txid?: string
        confirmations?: number
        receivedSat?: number
      } = {},
    ): Promise<PaymentRow | undefined> {
      const r = await db
        .updateTable('payments')
        .set({ status: to, ...patch, updatedAt: sql<Date>`now()` })
        .where('id', '=', id)
        .where('status', 'in', OPEN_STATUSES)
        .returning(PAYMENT_COLUMNS)
        .executeTakeFirst()
      if (r) await announce(db, r.id)
      return r && toPayment(r)
    },
  }
}

export type PaymentWrites = ReturnType<typeof createPaymentWrites>
