/**
 * Settlement watching across instances: each business's wallet is watched by exactly one
 * server instance at a time, the holder of its lease (live while the instance's heartbeat is,
 * renewed every second; another instance takes over within the lease time if the holder dies). On taking a lease, every
 * open payment is looked up once, so payments settled while no one watched are credited.
 * Lapsed invoices and unanswered requests are swept by jobs (`jobs.ts`), not here.
 *
 * One business's wallet holds up no other: leases are renewed on their own timer (one statement
 * for all of this instance's leases), each wallet call has a deadline, each business's work is
 * its own (a failure is logged, and its watching retried later with a growing pause), and a few
 * businesses' addresses are followed at once, none waiting for a slow one.
 *
 * Thousands of businesses cost a few statements a tick, whatever their number: open payments,
 * open on-chain payments (only those businesses' addresses are followed), the lease take, and
 * one heartbeat. Watches start a few at a time, newest payment first, each holding its turn
 * until it is ready (bench/watchers.ts measures 10,000 businesses on one instance and two).
 */
import { randomUUID } from 'node:crypto'
import type { PriceService } from '../price/service'
import type { LeaseRepo } from './lease-repo'
import {
  createLimiter,
  DEFAULT_BUSINESS_CONCURRENCY,
  DEFAULT_WALLET_CALL_MS,
  walletWithin,
} from './limits'
import type { PaymentRepo } from './repo'
import { createSettlements } from './settlements'
import type { WalletProvider } from './wallet-provider'

export { ONCHAIN_CONFIRMATIONS } from './settlements'

/** At most this many open invoices are looked up per fallback pass of a wallet without push. */
const PENDING_LOOKUP_LIMIT = 200
/** The longest pause before watching a wallet that failed is tried again. */
const MAX_RETRY_MS = 60_000

export interface WatcherOptions {
  leaseMs: number
  /** how often leases are renewed and businesses with open payments looked for */
  renewMs: number
  /** deadline of each wallet call a watcher makes; default DEFAULT_WALLET_CALL_MS */
  walletCallMs?: number
  /** businesses whose addresses are followed at once; default DEFAULT_BUSINESS_CONCURRENCY */
  concurrency?: number
  /** wallets whose watching is being started at once; default DEFAULT_START_CONCURRENCY */
  startConcurrency?: number
}

/** Wallets connected at once when watching starts (each a few statements and wallet calls). */
export const DEFAULT_START_CONCURRENCY = 32

/**
 * A dead holder's heartbeat lapses after 4 s; others look every second: a takeover within 5 s.
 * The heartbeat is one row per instance, so beating every second costs the same at ten
 * thousand businesses as at one.
 */
export const DEFAULT_WATCHER_OPTIONS: WatcherOptions = { leaseMs: 4_000, renewMs: 1_000 }

export function createWalletWatchers(deps: {
  repo: PaymentRepo
  leases: LeaseRepo
  wallets: WalletProvider
  price: PriceService
  options?: WatcherOptions
  log?: (msg: string, err?: unknown) => void
}) {
  const { repo, leases, wallets } = deps
  const opts = deps.options ?? DEFAULT_WATCHER_OPTIONS
  const callMs = opts.walletCallMs ?? DEFAULT_WALLET_CALL_MS
  const log = deps.log ?? (() => {})
  const settlements = createSettlements({ ...deps, walletCallMs: callMs })
  const limited = createLimiter(opts.concurrency ?? DEFAULT_BUSINESS_CONCURRENCY)
  /** Wallets being connected and their open payments looked up, a few at a time. */
  const starting = createLimiter(opts.startConcurrency ?? DEFAULT_START_CONCURRENCY)
  const instanceId = randomUUID()
  const running = new Map<string, AbortController>()
  /** Businesses whose addresses are being followed now (one pass at a time each). */
  const following = new Set<string>()
  /** Businesses whose watching failed: when it may be tried again, and how often it failed. */
  const backoff = new Map<string, { until: number; failures: number }>()
  let tickTimer: NodeJS.Timeout | null = null
  let renewTimer: NodeJS.Timeout | null = null
  let ticking: Promise<void> | null = null
  let renewing: Promise<void> | null = null

  function failed(businessId: string): void {
    const failures = (backoff.get(businessId)?.failures ?? 0) + 1
    const pause = Math.min(opts.renewMs * 2 ** (failures - 1), MAX_RETRY_MS)
    backoff.set(businessId, { until: Date.now() + pause, failures })
  }

  const mayStart = (businessId: string) => (backoff.get(businessId)?.until ?? 0) <= Date.now()

  /** Streams the wallet's settlements until aborted, after looking up what is open once. */
  function startWatching(businessId: string): void {
    const controller = new AbortController()
    running.set(businessId, controller)
    const run = async () => {
      // Starts take turns until the watch is ready (thousands at once after a takeover would
      // exhaust the pool and the wallets' relays), in the order they were taken: newest
      // payments first. What the watch looks up itself is not looked up twice.
      const started = await starting(async () => {
        if (controller.signal.aborted) return null
        const wallet = await walletWithin(wallets, businessId, callMs)
        if (!wallet) return null
        await settlements.lookUpOpen(businessId, controller.signal, PENDING_LOOKUP_LIMIT)
        if (controller.signal.aborted) return null
        let ready: () => void = () => {}
        const isReady = new Promise<void>((resolve) => (ready = resolve))
        const watching = wallet.watch(
          {
            onSettlement: (s) => settlements.credit(businessId, s),
            pending: () => repo.openInvoiceHashes(businessId, new Date(), PENDING_LOOKUP_LIMIT),
            onReady: () => {
              backoff.delete(businessId)
              ready()
            },
          },
          controller.signal,
        )
        // The turn ends when the watch is ready, ends, or takes longer than a wallet call may.
        let timer: NodeJS.Timeout | undefined
        await Promise.race([
          isReady,
          watching.catch(() => {}),
          new Promise<void>((resolve) => (timer = setTimeout(resolve, callMs))),
        ])
        clearTimeout(timer)
        // In an object: a promise returned as such would hold the turn until the watch ends.
        return { watching }
      })
      await started?.watching
    }
    run()
      .catch((err: unknown) => {
        if (controller.signal.aborted) return
        failed(businessId)
        log(`watching ${businessId} stopped`, err)
      })
      .finally(() => {
        // Let a later tick start it again if the lease is still ours.
        if (running.get(businessId) === controller) running.delete(businessId)
      })
  }

  function stopWatching(businessId: string): void {
    running.get(businessId)?.abort()
    running.delete(businessId)
  }

  /** One pass over the business's open addresses, unless one is under way; never throws. */
  function followAddresses(businessId: string): void {
    if (following.has(businessId)) return
    following.add(businessId)
    void limited(async () => {
      const signal = running.get(businessId)?.signal
      if (!signal || signal.aborted) return
      await settlements.followAddresses(businessId, signal)
    })
      .catch((err: unknown) => log(`following the addresses of ${businessId} failed`, err))
      .finally(() => following.delete(businessId))
  }

  /**
   * Takes the leases of businesses with open payments not yet watched here, watches those
   * taken, lets go of businesses with nothing open any more, and follows the addresses of
   * those held that have an open on-chain payment. Waits for no wallet. A few statements
   * whatever the number of businesses: none per business unless its lease or addresses ask.
   */
  async function tick(): Promise<void> {
    const wanted = new Set(await repo.businessesWithOpenPayments())
    const idle = [...running.keys()].filter((id) => !wanted.has(id))
    for (const businessId of idle) stopWatching(businessId)
    await leases.release(idle, instanceId)
    // Newest payments first (the order `wanted` comes in): a till may be waiting on one.
    const toTake = [...wanted].filter((id) => !running.has(id) && mayStart(id))
    const taken = new Set(await leases.acquire(toTake, instanceId, opts.leaseMs))
    for (const businessId of toTake) {
      if (taken.has(businessId) && !running.has(businessId)) startWatching(businessId)
    }
    if (running.size === 0) return
    for (const businessId of await repo.businessesWithOpenOnchain()) {
      if (running.has(businessId)) followAddresses(businessId)
    }
  }

  /**
   * Beats this instance's heart, which keeps every lease it holds; when it had lapsed (a stall
   * longer than the lease), stops watching those another instance took meanwhile.
   */
  async function renew(): Promise<void> {
    if (running.size === 0) return
    const before = [...running.keys()]
    const kept = await leases.renewAll(instanceId, opts.leaseMs)
    if (kept === null) return
    const held = new Set(kept)
    for (const businessId of before) if (!held.has(businessId)) stopWatching(businessId)
  }

  function runTick(): Promise<void> {
    ticking ??= tick()
      .catch((err: unknown) => log('wallet watcher tick failed', err))
      .finally(() => {
        ticking = null
      })
    return ticking
  }

  function runRenew(): Promise<void> {
    renewing ??= renew()
      .catch((err: unknown) => log('renewing wallet leases failed', err))
      .finally(() => {
        renewing = null
      })
    return renewing
  }

  return {
    /** The log this module's background work writes to. */
    log,
    start(): void {
      // Renewed well within the lease, whatever the ticks are doing.
      renewTimer ??= setInterval(() => void runRenew(), Math.min(opts.renewMs, opts.leaseMs / 3))
      tickTimer ??= setInterval(() => void runTick(), opts.renewMs)
      void runTick()
    },
    /**
     * A new open payment: make sure someone watches its wallet now, not at the next tick.
     * Nothing to do when this instance already watches that business.
     */
    poke(businessId?: string): Promise<void> {
      if (businessId && running.has(businessId)) return Promise.resolve()
      if (businessId) backoff.delete(businessId)
      return runTick()
    },
    /** Stops watching and gives up this instance's leases, so another takes over at once. */
    async stop(): Promise<void> {
      if (tickTimer) clearInterval(tickTimer)
      if (renewTimer) clearInterval(renewTimer)
      tickTimer = null
      renewTimer = null
      await ticking
      await renewing
      const held = [...running.keys()]
      for (const businessId of held) stopWatching(businessId)
      await leases
        .release(held, instanceId)
        .then(() => leases.retire(instanceId))
        .catch(() => {})
    },
  }
}

export type WalletWatchers = ReturnType<typeof createWalletWatchers>
