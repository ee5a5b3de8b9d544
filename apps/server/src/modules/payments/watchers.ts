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
 */
import { createHash, randomUUID } from 'node:crypto'
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
/** Standby watches started at once (they wait behind no holder's start). */
const STANDBY_START_CONCURRENCY = 16
/** How many instances are ranked for each business: its holder is one, the others stand by. */
const STANDBYS_RANKED = 2
/** Departures of instances are remembered this long (a standby older than that looks up). */
const DEPARTURES_KEPT_MS = 6 * 3600_000

/** One watch of a business's wallet: as the lease holder, or standing by for another. */
interface Watch {
  controller: AbortController
  role: 'holder' | 'standby'
  /** when it was started */
  since: number
  /** when it first followed new settlements (null: not yet) */
  readyAt: number | null
}

/** Rendezvous rank of an instance for a business: the same on every instance. */
function rank(businessId: string, instanceId: string): string {
  return createHash('sha1').update(businessId).update(instanceId).digest('hex')
}

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
  /** Standby watches, a few at a time, behind nothing else. */
  const warming = createLimiter(STANDBY_START_CONCURRENCY)
  const instanceId = randomUUID()
  /** The businesses whose lease this instance holds, and those it stands by for. */
  const running = new Map<string, Watch>()
  /** Instances seen alive at the last look, with when their heart lapses on this clock. */
  let instances = new Map<string, number>()
  /** Instances gone since: when it was noticed, and the earliest they could have died. */
  let departures: { at: number; diedAfter: number }[] = []
  /** Whether this instance is ranked to stand by for a business, for the instances seen. */
  let rankedHere = new Map<string, boolean>()
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

  /**
   * Streams the wallet's settlements until aborted: as the holder after looking up what is open
   * once, as a standby (wallets that push settlements only) without looking anything up.
   */
  function startWatching(businessId: string, role: Watch['role']): void {
    const controller = new AbortController()
    const watch: Watch = { controller, role, since: Date.now(), readyAt: null }
    running.set(businessId, watch)
    const run = async () => {
      // Starts take turns until the watch is ready (thousands at once after a takeover would
      // exhaust the pool and the wallets' relays), in the order they were taken: newest
      // payments first. What the watch looks up itself is not looked up twice.
      const turns = role === 'holder' ? starting : warming
      const started = await turns(async () => {
        if (controller.signal.aborted) return null
        const wallet = await walletWithin(wallets, businessId, callMs)
        if (!wallet) return null
        const isStandby = watch.role === 'standby'
        // A wallet that does not push is only looked up: nothing to stand by for.
        if (isStandby && !wallet.capabilities.pushesSettlements) return { watching: idle() }
        if (!isStandby) {
          await settlements.lookUpOpen(businessId, controller.signal, PENDING_LOOKUP_LIMIT)
        }
        if (controller.signal.aborted) return null
        let ready: () => void = () => {}
        const isReady = new Promise<void>((resolve) => (ready = resolve))
        const watching = wallet.watch(
          {
            onSettlement: (s) => settlements.credit(businessId, s),
            pending: () => repo.openInvoiceHashes(businessId, new Date(), PENDING_LOOKUP_LIMIT),
            onReady: () => {
              watch.readyAt ??= Date.now()
              backoff.delete(businessId)
              ready()
            },
            standby: isStandby,
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
    /** Held until aborted: a standby with nothing to follow keeps its place. */
    const idle = () =>
      new Promise<void>((resolve) =>
        controller.signal.addEventListener('abort', () => resolve(), { once: true }),
      )
    run()
      .catch((err: unknown) => {
        if (controller.signal.aborted) return
        failed(businessId)
        log(`watching ${businessId} stopped`, err)
      })
      .finally(() => {
        // Let a later tick start it again if the lease is still ours.
        if (running.get(businessId) === watch) running.delete(businessId)
      })
  }

  function stopWatching(businessId: string): void {
    running.get(businessId)?.controller.abort()
    running.delete(businessId)
  }

  /**
   * The lease of a business this instance stood by for is now its own: the watch goes on. Only
   * if it was not yet following when the former holder could have died (or the holder's end
   * was not seen) is what is open looked up, after the turns of new watches.
   */
  function takeOver(businessId: string, watch: Watch): void {
    if (watch.readyAt === null) {
      // Not following yet (or nothing to follow): watched afresh, as the holder.
      stopWatching(businessId)
      startWatching(businessId, 'holder')
      return
    }
    watch.role = 'holder'
    const readyAt = watch.readyAt
    const followedThrough =
      departures.some((d) => d.at >= watch.since) &&
      departures.every((d) => d.at < watch.since || d.diedAfter >= readyAt)
    if (followedThrough) return
    const { signal } = watch.controller
    void starting(() => settlements.lookUpOpen(businessId, signal)).catch((err: unknown) => {
      if (!signal.aborted) log(`looking up the open payments of ${businessId} failed`, err)
    })
  }

  /** Reads which instances are alive; notes those gone since the last look. */
  async function lookAtInstances(): Promise<void> {
    const now = Date.now()
    const live = new Map(
      (await leases.liveInstances()).map((i) => [i.id, now + i.aliveForMs] as const),
    )
    let changed = live.size !== instances.size
    for (const [id, lapsesAt] of instances) {
      if (live.has(id)) continue
      changed = true
      // It beat at least once a lease before its heart lapsed at the latest seen time.
      departures.push({ at: now, diedAfter: lapsesAt - opts.leaseMs })
    }
    for (const id of live.keys()) if (!instances.has(id)) changed = true
    departures = departures.filter((d) => now - d.at < DEPARTURES_KEPT_MS)
    instances = live
    if (changed) rankedHere = new Map()
  }

  /** Whether this instance is among those ranked first to watch a business. */
  function isRankedHere(businessId: string): boolean {
    let ranked = rankedHere.get(businessId)
    if (ranked === undefined) {
      const others = [...instances.keys()].filter((id) => id !== instanceId)
      // With no other instance alive there is no holder to stand by for.
      if (others.length === 0) ranked = false
      else if (others.length < STANDBYS_RANKED) ranked = true
      else {
        const mine = rank(businessId, instanceId)
        ranked = others.filter((id) => rank(businessId, id) > mine).length < STANDBYS_RANKED
      }
      rankedHere.set(businessId, ranked)
    }
    return ranked
  }

  /** The businesses whose lease this instance holds. */
  const held = () => [...running].filter(([, w]) => w.role === 'holder').map(([id]) => id)
  const holds = (businessId: string) => running.get(businessId)?.role === 'holder'

  /** One pass over the business's open addresses, unless one is under way; never throws. */
  function followAddresses(businessId: string): void {
    if (following.has(businessId)) return
    following.add(businessId)
    void limited(async () => {
      const signal = running.get(businessId)?.controller.signal
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
    const released = idle.filter(holds)
    for (const businessId of idle) stopWatching(businessId)
    await leases.release(released, instanceId)
    // Newest payments first (the order `wanted` comes in): a till may be waiting on one.
    const toTake = [...wanted].filter((id) => !holds(id) && mayStart(id))
    const taken = new Set(await leases.acquire(toTake, instanceId, opts.leaseMs))
    if (toTake.length > 0) await lookAtInstances()
    for (const businessId of toTake) {
      const watch = running.get(businessId)
      if (taken.has(businessId)) {
        if (watch) takeOver(businessId, watch)
        else startWatching(businessId, 'holder')
      } else if (!watch && isRankedHere(businessId)) startWatching(businessId, 'standby')
      else if (watch && !isRankedHere(businessId)) stopWatching(businessId)
    }
    if (running.size === 0) return
    for (const businessId of await repo.businessesWithOpenOnchain()) {
      if (holds(businessId)) followAddresses(businessId)
    }
  }

  /**
   * Beats this instance's heart, which keeps every lease it holds; when it had lapsed (a stall
   * longer than the lease), stops watching those another instance took meanwhile.
   */
  async function renew(): Promise<void> {
    if (running.size === 0) return
    const before = held()
    const kept = await leases.renewAll(instanceId, opts.leaseMs)
    if (kept === null) return
    const stillHeld = new Set(kept)
    for (const businessId of before) if (!stillHeld.has(businessId)) stopWatching(businessId)
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
    watching(businessId: string): { role: 'holder' | 'standby'; following: boolean } | null {
      const watch = running.get(businessId)
      return watch ? { role: watch.role, following: watch.readyAt !== null } : null
    },
    /** How many wallets this instance watches as the holder and as a standby, and follows. */
    counts(): { held: number; standingBy: number; following: number } {
      const watches = [...running.values()]
      return {
        held: watches.filter((w) => w.role === 'holder').length,
        standingBy: watches.filter((w) => w.role === 'standby').length,
        following: watches.filter((w) => w.readyAt !== null).length,
      }
    },
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
      if (businessId && holds(businessId)) return Promise.resolve()
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
      const leased = held()
      for (const businessId of [...running.keys()]) stopWatching(businessId)
      await leases
        .release(leased, instanceId)
        .then(() => leases.retire(instanceId))
        .catch(() => {})
    },
  }
}

export type WalletWatchers = ReturnType<typeof createWalletWatchers>
