/**
 * Keeps each invoice's recorded state up to date with its payments, and makes the webhooks'
 * events from its moves: a payment's announcement (pg_notify, on any instance) moves its invoice
 * at once; a recurring sweep catches what no announcement told (an invoice lapsing, an
 * announcement missed while an instance restarted) and asks again for a payment whose request
 * was cut short. Each move is a conditional update, so its events are enqueued once, however
 * many instances see it.
 */
import type { InvoiceEvent, InvoiceState, TInvoice } from '@app/domain'
import type { JobQueue } from '../../jobs/jobs'
import type { PgEventBus } from '../../lib/pg-events'
import { PAYMENT_EVENTS_CHANNEL } from '../payments'
import type { InvoiceRepo, InvoiceRow } from './repo'
import { standingPayment, stateOf, type InvoiceEventSink, type InvoiceService } from './service'

const SWEEP_MS = 2_000
/** A request cut short has no wallet call left running after this (see payments' RESUME_AFTER_MS). */
const RESUME_AFTER_MS = 2 * 60_000

/** The events a move of state makes. */
export function eventsOf(from: InvoiceState, to: InvoiceState): InvoiceEvent[] {
  const events: InvoiceEvent[] = []
  if (to.status !== from.status) {
    if (to.status === 'processing') events.push('invoice.processing')
    if (to.status === 'settled') events.push('invoice.settled')
    if (to.status === 'expired') events.push('invoice.expired')
    if (to.status === 'invalid') events.push('invoice.invalid')
  }
  if (to.exception === 'paid_late' && from.exception !== 'paid_late') {
    events.push('invoice.paid_late')
  }
  return events
}

export function createInvoiceSync(deps: {
  repo: InvoiceRepo
  invoices: InvoiceService
  events: InvoiceEventSink | null
  now?: () => Date
  log?: (msg: string, err?: unknown) => void
}) {
  const { repo, invoices } = deps
  const now = deps.now ?? (() => new Date())
  const log = deps.log ?? (() => {})

  async function enqueue(
    trx: Parameters<InvoiceEventSink['enqueue']>[0],
    row: InvoiceRow,
    invoice: TInvoice,
    events: InvoiceEvent[],
    at: Date,
  ) {
    if (!deps.events) return
    for (const event of events) {
      await deps.events.enqueue(trx, {
        businessId: row.businessId,
        invoiceId: row.id,
        event,
        invoice,
        at,
      })
    }
  }

  /** Records the invoice's state as its payments now say; its events with it. */
  async function sync(row: InvoiceRow): Promise<void> {
    const at = now()
    const payments = await repo.payments(row)
    const standing = standingPayment(payments)
    const received = standing?.receivedSat ?? 0
    const firstPaidAt = row.firstPaidAt ?? (received > 0 ? at : null)
    const from = { status: row.status, exception: row.exception } as InvoiceState
    const to = stateOf({ ...row, firstPaidAt }, payments, at)
    if (to.status === from.status && to.exception === from.exception) {
      if (firstPaidAt && !row.firstPaidAt) await repo.markFirstPaid(row.id, firstPaidAt)
      // money seen without a move (a part of the amount): the checkout shows it
      await repo.announce(row.id)
      return
    }
    const settledAt = to.status === 'settled' ? (standing?.settledAt ?? at) : null
    const invoice = {
      ...(await invoices.toApi(row, at)),
      status: to.status,
      exception: to.exception,
      settledAt: settledAt?.toISOString() ?? null,
    }
    await repo.moveState(row, { ...to, firstPaidAt }, settledAt, (trx) =>
      enqueue(trx, row, invoice, eventsOf(from, to), at),
    )
  }

  /** The `invoice.created` event, once its payment is asked for. */
  async function created(row: InvoiceRow, known?: TInvoice): Promise<void> {
    if (!deps.events) return
    const at = now()
    const invoice = known ?? (await invoices.toApi(row, at))
    await repo.inTransaction((trx) => enqueue(trx, row, invoice, ['invoice.created'], at))
  }

  async function syncPayment(paymentId: string) {
    for (const row of await repo.byPayment(paymentId)) await sync(row)
  }

  /** One run of the sweep: stale invoices moved, cut-short requests asked again. */
  async function sweep(signal?: AbortSignal): Promise<void> {
    for (const row of await repo.stale(200)) {
      if (signal?.aborted) return
      await sync(row).catch((err: unknown) => log('invoice sync failed', err))
    }
    for (const row of await repo.unattached(RESUME_AFTER_MS, 20)) {
      if (signal?.aborted) return
      await invoices
        .ensurePayment(row, signal)
        .catch((err: unknown) => log('invoice payment not asked again', err))
    }
  }

  return {
    sync,
    created,
    sweep,

    /**
     * Follows payments' announcements on this instance once its event bus is started; returns
     * the unsubscribe.
     */
    listen(bus: PgEventBus) {
      return bus.on(PAYMENT_EVENTS_CHANNEL, (payload) => {
        const id = (payload as { id?: unknown }).id
        if (typeof id !== 'string') return
        syncPayment(id).catch((err: unknown) => log('invoice sync failed', err))
      })
    },

    register(jobs: JobQueue, intervalMs = SWEEP_MS) {
      jobs.every('invoice-sync', intervalMs, (signal) => sweep(signal))
    },
  }
}

export type InvoiceSync = ReturnType<typeof createInvoiceSync>
