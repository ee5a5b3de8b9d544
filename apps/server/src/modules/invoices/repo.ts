/**
 * Online invoices and payment links: every query. An invoice's change (its state moved, money
 * seen, invalidated) is announced on INVOICE_EVENTS_CHANNEL, so a checkout page following it on
 * any instance sees it.
 */
import { sql, type Selectable, type Transaction } from 'kysely'
import type { Db } from '../../db/database'
import type { Database, InvoicesTable, PaymentLinksTable } from '../../db/schema'
import { announce } from '../payments'

export const INVOICE_EVENTS_CHANNEL = 'invoice_events'

export type InvoiceRow = Selectable<InvoicesTable>
export type PaymentLinkRow = Selectable<PaymentLinksTable>

export interface NewInvoice {
  businessId: string
  paymentLinkId: string | null
  apiKeyId: string | null
  amount: number
  currency: string
  amountSat: number
  orderId: string | null
  description: string
  metadata: Record<string, unknown>
  redirectUrl: string | null
  expiresAt: Date
  idempotencyKey: string | null
}

/** The facts of an invoice's payments that its state is read from. */
export interface InvoicePayments {
  main: { status: string; receivedSat: number; settledAt: Date | null } | null
  ecash: { status: string; receivedSat: number; settledAt: Date | null } | null
}

export async function announceInvoice(db: Db | Transaction<Database>, id: string) {
  await sql`SELECT pg_notify(${INVOICE_EVENTS_CHANNEL}, json_build_object('id', ${id}::text)::text)`.execute(
    db,
  )
}

export function createInvoiceRepo(db: Db) {
  const paymentFacts = (id: string | null) =>
    id
      ? db
          .selectFrom('payments')
          .select(['status', 'receivedSat', 'settledAt'])
          .where('id', '=', id)
          .executeTakeFirst()
          .then((p) => (p ? { ...p, receivedSat: Number(p.receivedSat) } : null))
      : Promise.resolve(null)

  return {
    announce: (id: string) => announceInvoice(db, id),

    inTransaction: <T>(fn: (trx: Transaction<Database>) => Promise<T>) =>
      db.transaction().execute(fn),

    business(id: string) {
      return db
        .selectFrom('businesses')
        .select(['id', 'name', 'currency', 'onboardingStep'])
        .where('id', '=', id)
        .executeTakeFirst()
    },

    /**
     * Inserts the invoice, or gives the one its idempotency key already made (`created` false).
     * A link's use is counted in the same transaction, within its limits, or nothing is made.
     */
    async insert(
      input: NewInvoice,
      linkUse?: (trx: Transaction<Database>) => Promise<boolean>,
    ): Promise<{ row: InvoiceRow; created: boolean } | { refused: 'link' }> {
      return db.transaction().execute(async (trx) => {
        if (linkUse && !(await linkUse(trx))) return { refused: 'link' as const }
        const row = await trx
          .insertInto('invoices')
          .values({ ...input, metadata: JSON.stringify(input.metadata) })
          .onConflict((oc) => oc.columns(['businessId', 'idempotencyKey']).doNothing())
          .returningAll()
          .executeTakeFirst()
        if (row) return { row, created: true }
        const existing = await trx
          .selectFrom('invoices')
          .selectAll()
          .where('businessId', '=', input.businessId)
          .where('idempotencyKey', '=', input.idempotencyKey)
          .executeTakeFirstOrThrow()
        return { row: existing, created: false }
      })
    },

    async attachPayment(id: string, paymentId: string, amountSat: number) {
      await db
        .updateTable('invoices')
        .set({ paymentId, amountSat, updatedAt: sql<Date>`now()` })
        .where('id', '=', id)
        .where('paymentId', 'is', null)
        .execute()
    },

    async attachEcash(id: string, paymentId: string): Promise<boolean> {
      const r = await db
        .updateTable('invoices')
        .set({ ecashPaymentId: paymentId, updatedAt: sql<Date>`now()` })
        .where('id', '=', id)
        .where('ecashPaymentId', 'is', null)
        .executeTakeFirst()
      return r.numUpdatedRows > 0n
    },

    find(id: string) {
      return db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst()
    },

    findOf(businessId: string, id: string) {
      return db
        .selectFrom('invoices')
        .selectAll()
        .where('id', '=', id)
        .where('businessId', '=', businessId)
        .executeTakeFirst()
    },

    async payments(row: InvoiceRow): Promise<InvoicePayments> {
      const [main, ecash] = await Promise.all([
        paymentFacts(row.paymentId),
        paymentFacts(row.ecashPaymentId),
      ])
      return { main, ecash }
    },

    /**
     * Closes an invalidated invoice's payment still waiting for money, as expired (money that
     * still arrives for it is credited, as for any lapsed invoice, so none goes unrecorded).
     */
    async closePayment(businessId: string, paymentId: string) {
      const r = await db
        .updateTable('payments')
        .set({ status: 'expired', failureReason: 'PAYMENT_CANCELLED', updatedAt: sql<Date>`now()` })
        .where('id', '=', paymentId)
        .where('businessId', '=', businessId)
        .where('status', '=', 'pending')
        .returning('id')
        .executeTakeFirst()
      if (r) await announce(db, r.id)
    },

    /** A page of the business's invoices, newest first; the cursor is the last one's position. */
    list(
      businessId: string,
      q: {
        status?: string
        orderId?: string
        paymentLinkId?: string
        limit: number
        after?: { createdAt: Date; id: string }
      },
    ) {
      let query = db
        .selectFrom('invoices')
        .selectAll()
        .where('businessId', '=', businessId)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(q.limit + 1)
      if (q.status) query = query.where('status', '=', q.status)
      if (q.orderId) query = query.where('orderId', '=', q.orderId)
      if (q.paymentLinkId) query = query.where('paymentLinkId', '=', q.paymentLinkId)
      if (q.after) {
        const { createdAt, id } = q.after
        query = query.where((eb) =>
          eb.or([
            eb('createdAt', '<', createdAt),
            eb.and([eb('createdAt', '=', createdAt), eb('id', '<', id)]),
          ]),
        )
      }
      return query.execute()
    },

    async invalidate(businessId: string, id: string): Promise<boolean> {
      const r = await db
        .updateTable('invoices')
        .set({ invalidatedAt: sql<Date>`now()`, updatedAt: sql<Date>`now()` })
        .where('id', '=', id)
        .where('businessId', '=', businessId)
        .where('invalidatedAt', 'is', null)
        .where('status', 'in', ['new', 'expired'])
        .executeTakeFirst()
      return r.numUpdatedRows > 0n
    },

    /**
     * Moves the stored state from `from` to `to` once (a conditional update: whoever sees the
     * change first records it and its events, in `then`, in the same transaction).
     */
    async moveState(
      row: InvoiceRow,
      to: { status: string; exception: string | null; firstPaidAt: Date | null },
      settledAt: Date | null,
      then: (trx: Transaction<Database>) => Promise<void>,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const r = await trx
          .updateTable('invoices')
          .set({
            status: to.status,
            exception: to.exception,
            firstPaidAt: row.firstPaidAt ?? to.firstPaidAt,
            settledAt: row.settledAt ?? settledAt,
            updatedAt: sql<Date>`now()`,
          })
          .where('id', '=', row.id)
          .where('status', '=', row.status)
          .where(sql<boolean>`exception IS NOT DISTINCT FROM ${row.exception}`)
          .executeTakeFirst()
        if (r.numUpdatedRows === 0n) return false
        await then(trx)
        await announceInvoice(trx, row.id)
        return true
      })
    },

    /** The fiat value of a part payment the merchant accepts, before it is credited. */
    async setPaymentFiat(paymentId: string, fiatMinor: number | null) {
      await db.updateTable('payments').set({ fiatMinor }).where('id', '=', paymentId).execute()
    },

    /** Records when money was first seen, without a change of state. */
    async markFirstPaid(id: string, at: Date) {
      await db
        .updateTable('invoices')
        .set({ firstPaidAt: at })
        .where('id', '=', id)
        .where('firstPaidAt', 'is', null)
        .execute()
    },

    /** Invoices whose payment is this one (the main or the ecash one). */
    byPayment(paymentId: string) {
      return db
        .selectFrom('invoices')
        .selectAll()
        .where((eb) =>
          eb.or([eb('paymentId', '=', paymentId), eb('ecashPaymentId', '=', paymentId)]),
        )
        .execute()
    },

    /**
     * Open invoices whose state may have moved without a payment's announcement reaching this
     * instance: lapsed ones, and those whose payment changed after the invoice was last moved.
     */
    stale(limit: number) {
      return db
        .selectFrom('invoices as i')
        .leftJoin('payments as p', 'p.id', 'i.paymentId')
        .leftJoin('payments as e', 'e.id', 'i.ecashPaymentId')
        .selectAll('i')
        .where('i.status', 'in', ['new', 'processing', 'expired'])
        .where((eb) =>
          eb.or([
            eb.and([eb('i.status', '!=', 'expired'), eb('i.expiresAt', '<=', sql<Date>`now()`)]),
            eb('p.updatedAt', '>', eb.ref('i.updatedAt')),
            eb('e.updatedAt', '>', eb.ref('i.updatedAt')),
          ]),
        )
        .where('i.createdAt', '>', sql<Date>`now() - interval '2 days'`)
        .limit(limit)
        .execute()
    },

    /** Invoices without a payment yet, whose request was cut short (the process stopped). */
    unattached(olderThanMs: number, limit: number) {
      return db
        .selectFrom('invoices')
        .selectAll()
        .where('paymentId', 'is', null)
        .where('invalidatedAt', 'is', null)
        .where('expiresAt', '>', sql<Date>`now()`)
        .where('createdAt', '<', sql<Date>`now() - make_interval(secs => ${olderThanMs / 1000})`)
        .limit(limit)
        .execute()
    },

    // ---- payment links ----

    insertLink(
      row: Omit<PaymentLinkRow, 'uses' | 'active' | 'createdAt' | 'amount'> & {
        amount: number | null
      },
    ) {
      return db.insertInto('paymentLinks').values(row).returningAll().executeTakeFirstOrThrow()
    },

    link(id: string) {
      return db.selectFrom('paymentLinks').selectAll().where('id', '=', id).executeTakeFirst()
    },

    /** The business's links with their settled invoices' count and sum. */
    links(businessId: string) {
      return db
        .selectFrom('paymentLinks as l')
        .leftJoin('invoices as i', (j) =>
          j.onRef('i.paymentLinkId', '=', 'l.id').on('i.status', '=', 'settled'),
        )
        .selectAll('l')
        .select((eb) => [
          eb.fn.count<string>('i.id').as('paidCount'),
          eb.fn.coalesce(eb.fn.sum<string>('i.amountSat'), sql<string>`0`).as('paidSat'),
        ])
        .where('l.businessId', '=', businessId)
        .groupBy('l.id')
        .orderBy('l.createdAt', 'desc')
        .execute()
    },

    async setLinkActive(businessId: string, id: string, active: boolean): Promise<boolean> {
      const r = await db
        .updateTable('paymentLinks')
        .set({ active })
        .where('id', '=', id)
        .where('businessId', '=', businessId)
        .executeTakeFirst()
      return r.numUpdatedRows > 0n
    },

    /** Counts a use of the link if it is active, not used up and not ended; false otherwise. */
    async useLink(trx: Transaction<Database>, id: string): Promise<boolean> {
      const r = await trx
        .updateTable('paymentLinks')
        .set({ uses: sql<number>`uses + 1` })
        .where('id', '=', id)
        .where('active', '=', true)
        .where((eb) => eb.or([eb('maxUses', 'is', null), eb('uses', '<', eb.ref('maxUses'))]))
        .where((eb) =>
          eb.or([eb('activeUntil', 'is', null), eb('activeUntil', '>', sql<Date>`now()`)]),
        )
        .executeTakeFirst()
      return r.numUpdatedRows > 0n
    },
  }
}

export type InvoiceRepo = ReturnType<typeof createInvoiceRepo>
