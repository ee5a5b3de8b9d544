/**
 * Settlement watching across instances: each business's wallet is watched by exactly one
 * server instance at a time, the holder of its lease (live while the instance's heartbeat is,
 * renewed every second; another instance takes over within the lease time if the holder dies).
 * On taking a lease, every open payment is looked up once, so payments settled while no one
 * watched are credited.
 * Lapsed invoices and unanswered requests are swept by jobs (`jobs.ts`), not here.
 *
 * One business's wallet holds up no other: leases are renewed on their own timer (one statement
 * for all of this instance's leases), each wallet call has a deadline, each business's work is
 * its own (a failure is logged, and its watching retried later with a growing pause), and a few
 * businesses' addresses are followed at once, none waiting for a slow one.
 *
 * A standby: while another instance holds a lease, one more instance (two when three or more
 * run: the two ranked first for that business) follows the same wallet's pushed settlements,
 * without the look-ups, and credits what it sees (crediting is idempotent). When the holder
 * dies, the standby takes the lease over and already follows the wallet: payments made during
 * the outage are credited as they happen, not when a new watch would have been started. Only a
 * standby that was not yet following when the holder could have died looks up what is open.
 *
 * Thousands of businesses cost a few statements a tick, whatever their number: open payments,
 * open on-chain payments (only those businesses' addresses are followed), the lease take, and
 * one heartbeat. Watches start a few at a time, newest payment first, each holding its turn
 * until it is ready (bench/watchers.ts measures 10,000 businesses on one instance and two).
 *
 * Here: the ticks and the heartbeat. The watches themselves are `wallet-watches.ts`; the
 * instances seen alive and which of them stand by, `watcher-instances.ts`.
 */
import { randomUUID } from 'node:crypto'
import type { PriceService } from '../price'
import type { LeaseRepo } from './lease-repo'
import { DEFAULT_BUSINESS_CONCURRENCY, DEFAULT_WALLET_CALL_MS } from './limits'
import type { PaymentRepo } from './repo'
import { createSettlements } from './settlements'
import { createWalletWatches } from './wallet-watches'
import type { WalletProvider } from '../../wallets/wallet-provider'
import { createWatcherInstances } from './watcher-instances'

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
const DEFAULT_START_CONCURRENCY = 32

/**
 * A dead holder's heartbeat lapses after 4 s; others look every second: a takeover within 5 s.
 * The heartbeat is one row per instance, so beating every second costs the same at ten
 * thousand businesses as at one.
 */
const DEFAULT_WATCHER_OPTIONS: WatcherOptions = { leaseMs: 4_000, renewMs: 1_000 }

export function createWalletWatchers(deps: {
  repo: PaymentRepo
  leases: LeaseRepo
  wallets: WalletProvider
  price: PriceService
  options?: WatcherOptions
  log?: (msg: string, err?: unknown) => void
}) {
  const { repo, leases } = deps
  const opts = deps.options ?? DEFAULT_WATCHER_OPTIONS
  const callMs = opts.walletCallMs ?? DEFAULT_WALLET_CALL_MS
  const log = deps.log ?? (() => {})
  const instanceId = randomUUID()
  const instances = createWatcherInstances({ leases, instanceId, leaseMs: opts.leaseMs })
  const watches = createWalletWatches({
    repo,
    wallets: deps.wallets,
    settlements: createSettlements({ ...deps, walletCallMs: callMs }),
    instances,
    callMs,
    retryMs: opts.renewMs,
    concurrency: opts.concurrency ?? DEFAULT_BUSINESS_CONCURRENCY,
    startConcurrency: opts.startConcurrency ?? DEFAULT_START_CONCURRENCY,
    log,
  })
  let tickTimer: NodeJS.Timeout | null = null
  let renewTimer: NodeJS.Timeout | null = null
  let ticking: Promise<void> | null = null
  let renewing: Promise<void> | null = null

  /**
   * Takes the leases of businesses with open payments not yet watched here, watches those
   * taken, lets go of businesses with nothing open any more, and follows the addresses of
   * those held that have an open on-chain payment. Waits for no wallet. A few statements
   * whatever the number of businesses: none per business unless its lease or addresses ask.
   */
  async function tick(): Promise<void> {
    const wanted = new Set(await repo.businessesWithOpenPayments())
    const idle = watches.watched().filter((id) => !wanted.has(id))
    const released = idle.filter(watches.holds)
    for (const businessId of idle) watches.stop(businessId)
    await leases.release(released, instanceId)
    // Newest payments first (the order `wanted` comes in): a till may be waiting on one.
    const toTake = [...wanted].filter((id) => !watches.holds(id) && watches.mayStart(id))
    const taken = new Set(await leases.acquire(toTake, instanceId, opts.leaseMs))
    if (toTake.length > 0) await instances.look()
    for (const businessId of toTake) {
      const isWatching = watches.isWatching(businessId)
      if (taken.has(businessId)) watches.hold(businessId)
      else if (!isWatching && instances.isRankedHere(businessId)) {
        watches.start(businessId, 'standby')
      } else if (isWatching && !instances.isRankedHere(businessId)) watches.stop(businessId)
    }
    if (watches.size === 0) return
    for (const businessId of await repo.businessesWithOpenOnchain()) {
      if (watches.holds(businessId)) watches.followAddresses(businessId)
    }
  }

  /**
   * Beats this instance's heart, which keeps every lease it holds; when it had lapsed (a stall
   * longer than the lease), stops watching those another instance took meanwhile.
   */
  async function renew(): Promise<void> {
    if (watches.size === 0) return
    const before = watches.held()
    const kept = await leases.renewAll(instanceId, opts.leaseMs)
    if (kept === null) return
    const stillHeld = new Set(kept)
    for (const businessId of before) if (!stillHeld.has(businessId)) watches.stop(businessId)
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
    /** How this instance watches a business's wallet, and whether it follows it yet. */
    watching: (businessId: string) => watches.watching(businessId),
    /** How many wallets this instance watches as the holder and as a standby, and follows. */
    counts: () => watches.counts(),
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
      if (businessId && watches.holds(businessId)) return Promise.resolve()
      if (businessId) watches.forgetFailures(businessId)
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
      const leased = watches.held()
      for (const businessId of watches.watched()) watches.stop(businessId)
      await leases
        .release(leased, instanceId)
        .then(() => leases.retire(instanceId))
        .catch(() => {})
    },
  }
}

export type WalletWatchers = ReturnType<typeof createWalletWatchers>
