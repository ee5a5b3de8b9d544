/**
 * The watches of businesses' wallets one instance runs, as the lease holder or standing by for
 * another instance: starting one (a few at a time, in the order they were asked for), stopping
 * it, keeping a standby's watch when its lease becomes ours, following addresses, and the
 * growing pause before a wallet whose watching failed is tried again.
 */
import { createLimiter, walletWithin } from './limits'
import type { PaymentRepo } from './repo'
import type { Settlements } from './settlements'
import type { WalletProvider } from '../../wallets/wallet-provider'
import type { WatcherInstances } from './watcher-instances'

/** At most this many open invoices are looked up per fallback pass of a wallet without push. */
const PENDING_LOOKUP_LIMIT = 200
/** The longest pause before watching a wallet that failed is tried again. */
const MAX_RETRY_MS = 60_000
/** Standby watches started at once (they wait behind no holder's start). */
const STANDBY_START_CONCURRENCY = 16

type Role = 'holder' | 'standby'

/** One watch of a business's wallet: as the lease holder, or standing by for another. */
interface Watch {
  controller: AbortController
  role: Role
  /** when it was started */
  since: number
  /** when it first followed new settlements (null: not yet) */
  readyAt: number | null
}

export function createWalletWatches(deps: {
  repo: PaymentRepo
  wallets: WalletProvider
  settlements: Settlements
  instances: WatcherInstances
  /** deadline of each wallet call */
  callMs: number
  /** the first pause after a failure, doubled with each one after */
  retryMs: number
  /** businesses whose addresses are followed at once */
  concurrency: number
  /** wallets whose watching as the holder is being started at once */
  startConcurrency: number
  log: (msg: string, err?: unknown) => void
}) {
  const { repo, wallets, settlements, instances, callMs, log } = deps
  const limited = createLimiter(deps.concurrency)
  /** Wallets being connected and their open payments looked up, a few at a time. */
  const starting = createLimiter(deps.startConcurrency)
  /** Standby watches, a few at a time, behind nothing else. */
  const warming = createLimiter(STANDBY_START_CONCURRENCY)
  /** The businesses whose lease this instance holds, and those it stands by for. */
  const running = new Map<string, Watch>()
  /** Businesses whose addresses are being followed now (one pass at a time each). */
  const following = new Set<string>()
  /** Businesses whose watching failed: when it may be tried again, and how often it failed. */
  const backoff = new Map<string, { until: number; failures: number }>()

  function failed(businessId: string): void {
    const failures = (backoff.get(businessId)?.failures ?? 0) + 1
    const pause = Math.min(deps.retryMs * 2 ** (failures - 1), MAX_RETRY_MS)
    backoff.set(businessId, { until: Date.now() + pause, failures })
  }

  /**
   * Streams the wallet's settlements until aborted: as the holder after looking up what is open
   * once, as a standby (wallets that push settlements only) without looking anything up.
   */
  function start(businessId: string, role: Role): void {
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

  function stop(businessId: string): void {
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
      stop(businessId)
      start(businessId, 'holder')
      return
    }
    watch.role = 'holder'
    if (instances.followedThrough(watch.since, watch.readyAt)) return
    const { signal } = watch.controller
    void starting(() => settlements.lookUpOpen(businessId, signal)).catch((err: unknown) => {
      if (!signal.aborted) log(`looking up the open payments of ${businessId} failed`, err)
    })
  }

  const holds = (businessId: string) => running.get(businessId)?.role === 'holder'

  return {
    start,
    stop,
    holds,
    /**
     * Watches a business whose lease was just taken: the standby's watch goes on as the
     * holder's, or a new one starts.
     */
    hold(businessId: string): void {
      const watch = running.get(businessId)
      if (watch) takeOver(businessId, watch)
      else start(businessId, 'holder')
    },
    isWatching: (businessId: string) => running.has(businessId),
    /** The businesses watched here, as the holder or standing by. */
    watched: () => [...running.keys()],
    /** The businesses whose lease this instance holds. */
    held: () => [...running].filter(([, w]) => w.role === 'holder').map(([id]) => id),
    get size() {
      return running.size
    },
    /** Whether a business's watching may be started now (not pausing after a failure). */
    mayStart: (businessId: string) => (backoff.get(businessId)?.until ?? 0) <= Date.now(),
    /** Lets a business's watching be tried again at once. */
    forgetFailures(businessId: string): void {
      backoff.delete(businessId)
    },

    /** One pass over the business's open addresses, unless one is under way; never throws. */
    followAddresses(businessId: string): void {
      if (following.has(businessId)) return
      following.add(businessId)
      void limited(async () => {
        const signal = running.get(businessId)?.controller.signal
        if (!signal || signal.aborted) return
        await settlements.followAddresses(businessId, signal)
      })
        .catch((err: unknown) => log(`following the addresses of ${businessId} failed`, err))
        .finally(() => following.delete(businessId))
    },

    /** How this instance watches a business's wallet, and whether it follows it yet. */
    watching(businessId: string): { role: Role; following: boolean } | null {
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
  }
}
