/**
 * Settlement watching across instances: each business's wallet is watched by exactly one
 * server instance at a time, the holder of its lease (renewed every few seconds; another
 * instance takes over within the lease time if the holder dies). On taking a lease, every
 * open payment is looked up once, so payments settled while no one watched are credited.
 */
import { sql } from 'kysely'
import { randomUUID } from 'node:crypto'
import type { Db } from '../../db/database'
import { satToFiatMinor } from '../../lib/money'
import type { PriceService } from '../price/service'
import type { PaymentRepo, PaymentRow } from './repo'
import type { WalletProvider } from './wallet-provider'
import type { Settlement } from '../../wallets/wallet'

const EXPIRY_GRACE_MS = 60_000
/** At most this many open invoices are looked up per fallback pass of a wallet without push. */
const PENDING_LOOKUP_LIMIT = 200
/** Confirmations after which an on-chain payment counts as received. */
export const ONCHAIN_CONFIRMATIONS = 1

export interface WatcherOptions {
  leaseMs: number
  renewMs: number
}

/** A dead holder's lease lapses after 6 s; others look every 2 s: a takeover within 8 s. */
export const DEFAULT_WATCHER_OPTIONS: WatcherOptions = { leaseMs: 6_000, renewMs: 2_000 }

export function createWalletWatchers(deps: {
  db: Db
  repo: PaymentRepo
  wallets: WalletProvider
  price: PriceService
  options?: WatcherOptions
  log?: (msg: string, err?: unknown) => void
}) {
  const { db, repo, wallets } = deps
  const opts = deps.options ?? DEFAULT_WATCHER_OPTIONS
  const log = deps.log ?? (() => {})
  const instanceId = randomUUID()
  const running = new Map<string, AbortController>()
  let timer: NodeJS.Timeout | null = null
  let ticking: Promise<void> | null = null

  function fiatFor(row: PaymentRow, amountSat: number): number | null {
    const price = deps.price.peek()
    const rate = price?.minorPerBtc[row.currency as 'GBP' | 'USD' | 'EUR']
    return rate ? satToFiatMinor(amountSat, rate) : null
  }

  async function credit(businessId: string, s: Settlement): Promise<void> {
    const row = await repo.findByHash(s.paymentHash)
    if (!row || row.businessId !== businessId) return
    await repo.settle(row.id, {
      receivedSat: s.amountPaidSat,
      settledAt: s.settledAt,
      fiatMinor: fiatFor(row, s.amountPaidSat),
    })
  }

  /** Looks up every open payment once: settled ones are credited, lapsed ones expire. */
  async function sweep(businessId: string, signal: AbortSignal): Promise<void> {
    const wallet = await wallets.forBusiness(businessId)
    if (!wallet) return
    for (const row of await repo.open(businessId)) {
      if (!row.paymentHash || signal.aborted) continue
      const status = await wallet.lookupInvoice(row.paymentHash, signal)
      if (status.state === 'settled') {
        await credit(businessId, {
          paymentHash: row.paymentHash,
          amountPaidSat: status.amountPaidSat,
          settledAt: status.settledAt ?? new Date(),
        })
      } else if (status.state === 'expired' || status.state === 'canceled') {
        await repo.move(row.id, 'expired')
      }
    }
  }

  /**
   * An address payment is `processing` once seen and settled at one confirmation with the full
   * amount (the unified Lightning invoice of the same payment settles it too, whichever first).
   */
  async function followAddresses(businessId: string, rows: PaymentRow[]): Promise<void> {
    const wallet = await wallets.forBusiness(businessId)
    if (!wallet?.capabilities.onchain) return
    for (const row of rows) {
      const receipts = await wallet.addressReceipts(row.address ?? '')
      if (receipts.length === 0) continue
      const receivedSat = receipts.reduce((sum, r) => sum + r.amountSat, 0)
      const confirmations = Math.min(...receipts.map((r) => r.confirmations))
      const txid = receipts[0]?.txid ?? null
      if (confirmations >= ONCHAIN_CONFIRMATIONS && receivedSat >= row.amountSat) {
        await repo.settle(row.id, {
          receivedSat,
          settledAt: new Date(),
          fiatMinor: fiatFor(row, receivedSat),
        })
      } else if (
        row.status !== 'processing' ||
        row.confirmations !== confirmations ||
        row.receivedSat !== receivedSat
      ) {
        await repo.move(row.id, 'processing', {
          receivedSat,
          confirmations,
          txid: txid ?? undefined,
        })
      }
    }
  }

  function startWatching(businessId: string): void {
    const controller = new AbortController()
    running.set(businessId, controller)
    const run = async () => {
      const wallet = await wallets.forBusiness(businessId)
      if (!wallet) return
      await sweep(businessId, controller.signal)
      await wallet.watch(
        {
          onSettlement: (s) => credit(businessId, s),
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

  async function acquire(businessId: string): Promise<boolean> {
    const res = await sql<{ holder: string }>`
      INSERT INTO wallet_leases (business_id, holder, expires_at)
      VALUES (${businessId}, ${instanceId}, now() + ${`${opts.leaseMs} milliseconds`}::interval)
      ON CONFLICT (business_id) DO UPDATE
        SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
        WHERE wallet_leases.holder = EXCLUDED.holder OR wallet_leases.expires_at < now()
      RETURNING holder`.execute(db)
    return res.rows[0]?.holder === instanceId
  }

  async function release(businessId: string): Promise<void> {
    await db
      .deleteFrom('walletLeases')
      .where('businessId', '=', businessId)
      .where('holder', '=', instanceId)
      .execute()
  }

  async function tick(): Promise<void> {
    const wanted = new Set(await repo.businessesWithOpenPayments())
    for (const businessId of wanted) {
      const held = await acquire(businessId)
      if (held && !running.has(businessId)) startWatching(businessId)
      if (!held) running.get(businessId)?.abort()
      if (!held) running.delete(businessId)
    }
    for (const [businessId, controller] of running) {
      if (wanted.has(businessId)) continue
      controller.abort()
      running.delete(businessId)
      await release(businessId)
    }
    // On-chain payments of businesses we hold: what arrived at their addresses.
    for (const businessId of running.keys()) {
      const onchain = await repo.openOnchain(businessId)
      if (onchain.length > 0) await followAddresses(businessId, onchain)
    }
    // Lapsed invoices of businesses we hold: ask the wallet, then expire.
    const now = new Date()
    for (const businessId of running.keys()) {
      for (const row of await repo.lapsed(businessId, now)) {
        if (row.expiresAt && row.paymentHash) {
          const wallet = await wallets.forBusiness(businessId)
          const status = await wallet?.lookupInvoice(row.paymentHash)
          if (status?.state === 'settled') {
            await credit(businessId, {
              paymentHash: row.paymentHash,
              amountPaidSat: status.amountPaidSat,
              settledAt: status.settledAt ?? now,
            })
          } else if (
            status &&
            (status.state !== 'open' || row.expiresAt.getTime() < now.getTime() - EXPIRY_GRACE_MS)
          ) {
            // A backend that forgets expiries (an exchange after a restart) still says "open":
            // past the stored expiry and a grace period, nobody can pay it any more.
            await repo.move(row.id, 'expired')
          }
        }
      }
    }
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
    instanceId,
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
    isWatching: (businessId: string) => running.has(businessId),
    /** Stops at once without releasing leases, as a killed process would (for failover). */
    crash(): void {
      if (timer) clearInterval(timer)
      timer = null
      for (const controller of running.values()) controller.abort()
      running.clear()
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer)
      timer = null
      await ticking
      for (const [businessId, controller] of running) {
        controller.abort()
        await release(businessId).catch(() => {})
      }
      running.clear()
    },
  }
}

export type WalletWatchers = ReturnType<typeof createWalletWatchers>
