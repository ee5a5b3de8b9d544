/**
 * Settlement watching across instances: each business's wallet is watched by exactly one
 * server instance at a time, the holder of its lease (renewed every few seconds; another
 * instance takes over within the lease time if the holder dies). On taking a lease, every
 * open payment is looked up once, so payments settled while no one watched are credited.
 * Lapsed invoices and unanswered requests are swept by jobs (`jobs.ts`), not here.
 */
import { randomUUID } from 'node:crypto'
import type { PriceService } from '../price/service'
import type { LeaseRepo } from './lease-repo'
import type { PaymentRepo } from './repo'
import { createSettlements } from './settlements'
import type { WalletProvider } from './wallet-provider'

export { ONCHAIN_CONFIRMATIONS } from './settlements'

/** At most this many open invoices are looked up per fallback pass of a wallet without push. */
const PENDING_LOOKUP_LIMIT = 200

export interface WatcherOptions {
  leaseMs: number
  renewMs: number
}

/** A dead holder's lease lapses after 6 s; others look every 2 s: a takeover within 8 s. */
export const DEFAULT_WATCHER_OPTIONS: WatcherOptions = { leaseMs: 6_000, renewMs: 2_000 }

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
  const log = deps.log ?? (() => {})
  const settlements = createSettlements(deps)
  const instanceId = randomUUID()
  const running = new Map<string, AbortController>()
  let timer: NodeJS.Timeout | null = null
  let ticking: Promise<void> | null = null

  /** Streams the wallet's settlements until aborted, after looking up what is open once. */
  function startWatching(businessId: string): void {
    const controller = new AbortController()
    running.set(businessId, controller)
    const run = async () => {
      const wallet = await wallets.forBusiness(businessId)
      if (!wallet) return
      await settlements.lookUpOpen(businessId, controller.signal)
      await wallet.watch(
        {
          onSettlement: (s) => settlements.credit(businessId, s),
          pending: () => repo.openInvoiceHashes(businessId, new Date(), PENDING_LOOKUP_LIMIT),
        },
        controller.signal,
      )
    }
    run()
      .catch((err: unknown) => log(`watching ${businessId} stopped`, err))
      .finally(() => {
        // Let the next tick start it again if the lease is still ours.
        if (running.get(businessId) === controller) running.delete(businessId)
      })
  }

  function stopWatching(businessId: string): void {
    running.get(businessId)?.abort()
    running.delete(businessId)
  }

  /** Takes or renews the lease of every business with open payments; watches those held. */
  async function holdLeases(wanted: Set<string>): Promise<void> {
    for (const businessId of wanted) {
      const held = await leases.acquire(businessId, instanceId, opts.leaseMs)
      if (held && !running.has(businessId)) startWatching(businessId)
      if (!held) stopWatching(businessId)
    }
  }

  /** Stops watching, and gives up the lease of, businesses with nothing open any more. */
  async function releaseIdle(wanted: Set<string>): Promise<void> {
    for (const businessId of [...running.keys()]) {
      if (wanted.has(businessId)) continue
      stopWatching(businessId)
      await leases.release(businessId, instanceId)
    }
  }

  /** Leases renewed, wallets watched, and the addresses of those held followed. */
  async function tick(): Promise<void> {
    const wanted = new Set(await repo.businessesWithOpenPayments())
    await holdLeases(wanted)
    await releaseIdle(wanted)
    for (const businessId of running.keys()) await settlements.followAddresses(businessId)
  }

  function runTick(): Promise<void> {
    ticking ??= tick()
      .catch((err: unknown) => log('wallet watcher tick failed', err))
      .finally(() => {
        ticking = null
      })
    return ticking
  }

  return {
    start(): void {
      timer ??= setInterval(() => void runTick(), opts.renewMs)
      void runTick()
    },
    /**
     * A new open payment: make sure someone watches its wallet now, not at the next tick.
     * Nothing to do when this instance already watches that business.
     */
    poke(businessId?: string): Promise<void> {
      if (businessId && running.has(businessId)) return Promise.resolve()
      return runTick()
    },
    /** Stops watching and gives up this instance's leases, so another takes over at once. */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer)
      timer = null
      await ticking
      for (const businessId of [...running.keys()]) {
        stopWatching(businessId)
        await leases.release(businessId, instanceId).catch(() => {})
      }
    },
  }
}

export type WalletWatchers = ReturnType<typeof createWalletWatchers>
