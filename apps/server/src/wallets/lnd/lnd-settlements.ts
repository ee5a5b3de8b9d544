/**
 * Following an lnd node's settled invoices. lnd replays every settlement after a settle index
 * given when subscribing, so the stream resumes after the last one handed over and a broken
 * connection loses nothing. Before any index is known, settlements that happened while nobody
 * followed are found by looking up the caller's pending invoices: at the start, and again each
 * time a connection opens (lnd may settle one in between).
 */
import type { InvoiceStatus, Wallet } from '../wallet'
import { pause, SettlementQueue } from '../wallet-support'
import type { LndClient } from './lnd-client'
import { toSettlement, ZLndInvoice, ZLndInvoiceList } from './lnd-dto'

export interface FollowState {
  /** the newest settle index handed to the caller (0: none yet) */
  lastSettleIndex: number
}

interface FollowOptions {
  reconnectMs: { initial: number; max: number }
  log: (msg: string, err?: unknown) => void
  lookup(paymentHash: string, signal: AbortSignal): Promise<InvoiceStatus>
}

/** How far back to look for the node's newest settle index when a watch starts cold. */
const RECENT_INVOICES = 100

async function newestSettleIndex(lnd: LndClient, signal: AbortSignal): Promise<number> {
  const path = `/v1/invoices?reversed=true&num_max_invoices=${RECENT_INVOICES}`
  const raw = await lnd.call('GET', path, undefined, { signal })
  return ZLndInvoiceList.parse(raw).invoices.reduce((max, i) => Math.max(max, i.settle_index), 0)
}

export async function followSettlements(
  lnd: LndClient,
  state: FollowState,
  handlers: Parameters<Wallet['watch']>[0],
  signal: AbortSignal,
  opts: FollowOptions,
): Promise<void> {
  const { log } = opts
  const queue = new SettlementQueue(
    (s) => handlers.onSettlement(s),
    (err) => log('lnd: handing over a settlement failed', err),
  )
  const lookUpPending = async () => {
    let hashes: string[]
    try {
      hashes = await handlers.pending()
    } catch (err) {
      return log('lnd: reading pending invoices failed', err)
    }
    for (const hash of hashes) {
      if (signal.aborted) return
      if (queue.has(hash)) continue
      try {
        const { state: invoiceState, amountPaidSat, settledAt } = await opts.lookup(hash, signal)
        if (invoiceState === 'settled' && settledAt) {
          await queue.push({ paymentHash: hash, amountPaidSat, settledAt })
        }
      } catch (err) {
        if (!signal.aborted) log(`lnd: looking up ${hash} failed`, err)
      }
    }
  }
  let isReady = false
  const becomeReady = () => {
    if (isReady || signal.aborted) return
    isReady = true
    handlers.onReady?.()
  }

  if (state.lastSettleIndex === 0) {
    try {
      state.lastSettleIndex = await newestSettleIndex(lnd, signal)
    } catch (err) {
      log('lnd: reading the newest settle index failed', err)
    }
  }
  const following = stream(lnd, state, queue, signal, opts, async () => {
    if (state.lastSettleIndex === 0) await lookUpPending()
    becomeReady()
  })
  // A standby follows from the newest settle index; the lease holder looked up what is open.
  if (!handlers.standby || state.lastSettleIndex === 0) await lookUpPending()
  if (state.lastSettleIndex > 0) becomeReady()
  await following
  await queue.drain()
}

/** The invoice subscription, reconnected with backoff until the signal aborts. */
async function stream(
  lnd: LndClient,
  state: FollowState,
  queue: SettlementQueue,
  signal: AbortSignal,
  opts: FollowOptions,
  onOpen: () => Promise<void>,
): Promise<void> {
  const { initial, max } = opts.reconnectMs
  let waitMs = initial
  while (!signal.aborted) {
    // A settlement the caller could not take ends this connection: the next one replays it.
    const attempt = new AbortController()
    const linked = AbortSignal.any([signal, attempt.signal])
    let handled: Promise<unknown> = Promise.resolve()
    const onInvoice = (raw: unknown) => {
      const parsed = ZLndInvoice.safeParse(raw)
      if (!parsed.success || parsed.data.state !== 'SETTLED') return
      const inv = parsed.data
      handled = handled.then(async () => {
        if (attempt.signal.aborted) return
        if (!(await queue.push(toSettlement(inv)))) return attempt.abort()
        state.lastSettleIndex = Math.max(state.lastSettleIndex, inv.settle_index)
        waitMs = initial
      })
    }
    const query = state.lastSettleIndex > 0 ? `?settle_index=${state.lastSettleIndex}` : ''
    try {
      await lnd.stream(
        'GET',
        `/v1/invoices/subscribe${query}`,
        undefined,
        onInvoice,
        linked,
        () => {
          handled = handled.then(onOpen)
        },
      )
    } catch (err) {
      if (!linked.aborted) opts.log('lnd: invoice stream broke; reconnecting', err)
    }
    await handled
    if (signal.aborted) break
    await pause(waitMs, signal)
    waitMs = Math.min(waitMs * 2, max)
  }
}
