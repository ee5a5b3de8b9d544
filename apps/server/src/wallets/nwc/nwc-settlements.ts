/**
 * Following an NWC wallet's settlements. A wallet that sends `payment_received` notifications
 * pushes them; the caller's pending invoices are looked up when watching starts and again after
 * the relay connection dropped (notifications sent meanwhile are lost). A wallet without
 * notifications is looked up every poll interval.
 */
import type { NWCClient, Nip47Notification } from '@getalby/sdk/nwc'
import type { InvoiceStatus, Wallet } from '../wallet'
import { pause, SettlementQueue } from '../wallet-support'
import { toSettlement } from './nwc-dto'

type WatchHandlers = Parameters<Wallet['watch']>[0]

interface NwcFollowOptions {
  /** whether the wallet advertised `payment_received` notifications */
  pushesSettlements: boolean
  pollIntervalMs: number
  log: (msg: string, err?: unknown) => void
  /** a request to the wallet within its deadline (and the caller's signal) */
  request<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T>
  lookup(paymentHash: string, signal: AbortSignal): Promise<InvoiceStatus>
}

export async function followNwcSettlements(
  client: NWCClient,
  handlers: WatchHandlers,
  signal: AbortSignal,
  opts: NwcFollowOptions,
): Promise<void> {
  const { log } = opts
  const queue = new SettlementQueue(
    (s) => handlers.onSettlement(s),
    (err) => log('nwc: handing over a settlement failed', err),
  )
  const onNotification = (n: Nip47Notification) => {
    if (n.notification_type !== 'payment_received') return
    try {
      const s = toSettlement(n.notification)
      if (s) void queue.push(s)
    } catch (err) {
      log('nwc: a payment_received notification could not be read', err)
    }
  }
  // Kept so that a subscription finishing after its deadline is still closed.
  const subscribing = opts.pushesSettlements
    ? client.subscribeNotifications(onNotification, ['payment_received'])
    : null
  let isPushed = false
  if (subscribing) {
    await opts
      .request(() => subscribing, signal)
      .then(
        () => {
          isPushed = true
        },
        (err: unknown) => {
          log('nwc: subscribing to notifications failed; looking up only', err)
        },
      )
  }
  try {
    let isFirst = true
    while (!signal.aborted) {
      const isComplete =
        isFirst && isPushed && handlers.standby
          ? true
          : await lookUpPending(handlers, queue, signal, opts)
      if (isFirst && !signal.aborted) handlers.onReady?.()
      isFirst = false
      // A look-up that failed is tried again at the next interval, notifications or not.
      if (isPushed && isComplete) await untilRelayCameBack(client, signal, opts.pollIntervalMs)
      else await pause(opts.pollIntervalMs, signal)
    }
  } finally {
    void subscribing?.then(
      (unsubscribe) => unsubscribe(),
      () => {},
    )
    await queue.drain()
  }
}

/**
 * With notifications, pending invoices are looked up again only after the relay connection
 * dropped (the client resubscribes by itself; what was notified meanwhile is lost): checked
 * every poll interval by reading the connection's state, no request. Thousands of wallets
 * watched cost no requests while idle; a notification lost on a live connection is caught
 * when its invoice lapses (the expiry sweep looks every lapsed invoice up).
 */
async function untilRelayCameBack(
  client: NWCClient,
  signal: AbortSignal,
  pollIntervalMs: number,
): Promise<void> {
  let wasDown = false
  while (!signal.aborted) {
    await pause(pollIntervalMs, signal)
    const status = [...client.pool.listConnectionStatus().values()]
    const isUp = status.length > 0 && status.every(Boolean)
    if (!isUp) wasDown = true
    else if (wasDown) return
  }
}

/** Looks up the caller's pending invoices; false when one of them could not be looked up. */
async function lookUpPending(
  handlers: WatchHandlers,
  queue: SettlementQueue,
  signal: AbortSignal,
  opts: NwcFollowOptions,
): Promise<boolean> {
  let hashes: string[]
  try {
    hashes = await handlers.pending()
  } catch (err) {
    opts.log('nwc: reading pending invoices failed', err)
    return false
  }
  let isComplete = true
  for (const hash of hashes) {
    if (signal.aborted || queue.has(hash)) continue
    try {
      const status = await opts.lookup(hash, signal)
      if (status.state === 'settled' && status.settledAt) {
        const { amountPaidSat, settledAt } = status
        await queue.push({ paymentHash: hash, amountPaidSat, settledAt })
      }
    } catch (err) {
      isComplete = false
      if (!signal.aborted) opts.log(`nwc: looking up ${hash} failed`, err)
    }
  }
  return isComplete
}
