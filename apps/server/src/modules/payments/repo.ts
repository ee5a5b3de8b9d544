/**
 * Payments storage. A payment is written before the wallet is asked for anything; settlement
 * is a conditional update, so however often a watcher replays it, it is credited once, and
 * the daily totals move in the same transaction. Changes are announced with pg_notify.
 */
import { randomUUID } from 'node:crypto'
import { sql, type Selectable, type Transaction } from 'kysely'
import type { Db } from '../../db/database'
import { batched } from '../../lib/batch'
import type { Database, PaymentMethod, PaymentStatus, PaymentsTable } from '../../db/schema'

export const PAYMENT_EVENTS_CHANNEL = 'payment_events'

/** A time to the microsecond as fixed-width ISO 8601 UTC text, which sorts as the time does. */
export const UTC_MICROS = 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'

/** What a payment change announces: which payment, whose, and its `updated_at` (UTC_MICROS). */
export interface PaymentEvent {
  id: string
  businessId: string
  at: string
}

export const PAYMENT_COLUMNS = [
  'id',
  'businessId',
  'method',
  'status',
  'amountSat',
  'receivedSat',
  'feeSat',
  'currency',
  'fiatMinor',
  'memo',
  'deviceId',
  'tipPageId',
  'paymentHash',
  'paymentRequest',
  'address',
  'txid',
  'confirmations',
  'expiresAt',
  'settledAt',
  'failureReason',
  'createdAt',
  'updatedAt',
] as const

/** A payment row as read: the schema's columns, int8 amounts as numbers. */
type RawPayment = Pick<Selectable<PaymentsTable>, (typeof PAYMENT_COLUMNS)[number]>
type Int8Column = 'amountSat' | 'receivedSat' | 'feeSat' | 'fiatMinor'
export type PaymentRow = Omit<RawPayment, Int8Column> & {
  amountSat: number
  receivedSat: number
  feeSat: number
  fiatMinor: number | null
}

/** Statuses of a payment still waiting for its money (the partial indexes' predicate, 0009). */
export const OPEN_STATUSES = ['pending', 'processing'] as const

export function toPayment(r: RawPayment): PaymentRow {
  return {
    ...r,
    amountSat: Number(r.amountSat),
    receivedSat: Number(r.receivedSat),
    feeSat: Number(r.feeSat),
    fiatMinor: r.fiatMinor === null ? null : Number(r.fiatMinor),
  }
}

export interface NewPayment {
  businessId: string
  method: PaymentMethod
  amountSat: number
  currency: string
  fiatMinor: number | null
  memo: string
  tipPageId?: string | null
  deviceId?: string | null
  idempotencyKey?: string | null
  /** `processing` for a payment already under way when written */
  status?: 'pending' | 'processing'
}

/** Tells every instance that a payment changed (a `PaymentEvent`). */
async function announce(trx: Transaction<Database> | Db, id: string) {
  await sql`SELECT pg_notify(${PAYMENT_EVENTS_CHANNEL}, json_build_object('id', id,
      'businessId', business_id, 'at', to_char(updated_at AT TIME ZONE 'UTC', ${UTC_MICROS}))::text)
    FROM payments WHERE id = ${id}`.execute(trx)
}

type Invoice = { paymentHash: string; paymentRequest: string; expiresAt: Date }

export function createPaymentRepo(db: Db) {
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

  /** A business's open payments, every column: what the watchers' queries narrow down. */
  const openOf = (businessId: string) =>
    db
      .selectFrom('payments')
      .select(PAYMENT_COLUMNS)
      .where('businessId', '=', businessId)
      .where('status', 'in', OPEN_STATUSES)

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

    async byIdempotencyKey(businessId: string, key: string): Promise<PaymentRow | undefined> {
      const r = await db
        .selectFrom('payments')
        .select(PAYMENT_COLUMNS)
        .where('businessId', '=', businessId)
        .where('idempotencyKey', '=', key)
        .executeTakeFirst()
      return r && toPayment(r)
    },

    /** Attaches the wallet's invoice to an open payment; undefined when it is no longer open. */
    async attachInvoice(id: string, invoice: Invoice): Promise<PaymentRow | undefined> {
      return (await attachOne({ id, ...invoice })) ?? undefined
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
            .limit(limit),
        )
        .where('status', 'in', OPEN_STATUSES)
        .returning(PAYMENT_COLUMNS)
        .execute()
      for (const r of rows) await announce(db, r.id)
      return rows.map(toPayment)
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

    /** Open payments whose invoice expired before `now`. */
    async lapsed(businessId: string, now: Date): Promise<PaymentRow[]> {
      const rows = await openOf(businessId).where('expiresAt', '<', now).limit(500).execute()
      return rows.map(toPayment)
    },

    /** Businesses with an open payment whose invoice expired before `now`. */
    async businessesWithLapsed(now: Date): Promise<string[]> {
      const rows = await db
        .selectFrom('payments')
        .select('businessId')
        .distinct()
        .where('status', 'in', OPEN_STATUSES)
        .where('expiresAt', '<', now)
        .execute()
      return rows.map((r) => r.businessId)
    },

    async businessesWithOpenPayments(): Promise<string[]> {
      const rows = await db
        .selectFrom('payments')
        .select('businessId')
        .distinct()
        .where('status', 'in', OPEN_STATUSES)
        .execute()
      return rows.map((r) => r.businessId)
    },

    /**
     * Credits a payment once: only a pending, processing or expired payment becomes settled.
     * Returns the settled row, or undefined when it was already settled (a replay).
     */
    async settle(
      id: string,
      input: { receivedSat: number; settledAt: Date; fiatMinor: number | null; feeSat?: number },
    ): Promise<PaymentRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const r = await trx
          .updateTable('payments')
          .set({
            status: 'settled',
            receivedSat: input.receivedSat,
            settledAt: input.settledAt,
            fiatMinor: sql<number | null>`coalesce(fiat_minor, ${input.fiatMinor})`,
            ...(input.feeSat === undefined ? {} : { feeSat: input.feeSat }),
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

export type PaymentRepo = ReturnType<typeof createPaymentRepo>
