/**
 * Lightning tips: tip pages a business names (`pages.ts`: each one a Lightning address on this
 * host), the LNURL-pay answers a payer's wallet gets for them (`pay.ts`), and the cleanup of tip
 * invoices nobody paid.
 */
import type pg from 'pg'
import type { JobQueue } from '../../jobs/jobs'
import { createRateLimits, limitOf, type Limit } from '../../lib/rate-limit'
import type { PaymentService } from '../payments'
import type { WalletCapabilities } from '../../wallets/wallet'
import { createTipPages } from './pages'
import { createTipPayments } from './pay'
import type { TipRepo } from './repo'

export interface TipOptions {
  /** tip pages one business may have */
  maxPagesPerBusiness: number
  /** LNURL callbacks (invoice requests) one client address may send */
  callbacksPerIp: Limit
  /** LNURL callbacks one tip page may be sent, from everyone */
  callbacksPerPage: Limit
  /** tip invoices of one page open at once (pending, not lapsed) */
  maxOpenInvoicesPerPage: number
  /** how long a tip invoice nobody paid is kept after it lapsed */
  lapsedInvoiceRetentionMs: number
  /** how often lapsed tip invoices are cleaned up */
  cleanupIntervalMs: number
}

export const DEFAULT_TIP_OPTIONS: TipOptions = {
  maxPagesPerBusiness: 20,
  callbacksPerIp: limitOf('tipCallbacksPerIp'),
  callbacksPerPage: limitOf('tipCallbacksPerPage'),
  maxOpenInvoicesPerPage: 200,
  lapsedInvoiceRetentionMs: 24 * 3600_000,
  cleanupIntervalMs: 15 * 60_000,
}

export function createTipService(deps: {
  repo: TipRepo
  payments: PaymentService
  capabilities: (businessId: string) => Promise<WalletCapabilities | null>
  publicUrl: string
  /** where the callback limits are kept (shared by every instance); in memory without one */
  pool?: pg.Pool
  /** where the cleanup of lapsed tip invoices runs */
  jobs?: JobQueue
  options?: Partial<TipOptions>
  log?: (msg: string, err?: unknown) => void
}) {
  const { repo } = deps
  const options: TipOptions = { ...DEFAULT_TIP_OPTIONS, ...deps.options }
  const limits = createRateLimits(deps.pool, {
    tipCallbacksPerIp: options.callbacksPerIp,
    tipCallbacksPerPage: options.callbacksPerPage,
  })

  /** Tip invoices nobody paid, removed a while after they lapsed. */
  async function cleanup(): Promise<number> {
    const removed = await repo.deleteLapsedInvoices(options.lapsedInvoiceRetentionMs)
    if (removed > 0) deps.log?.(`tips: ${removed} lapsed tip invoices removed`)
    return removed
  }
  deps.jobs?.every('tip-invoice-cleanup', options.cleanupIntervalMs, async () => {
    await cleanup()
  })

  return {
    ...createTipPages({ ...deps, maxPagesPerBusiness: options.maxPagesPerBusiness }),
    /** Removes tip invoices nobody paid a while after they lapsed (the cleanup job runs it). */
    cleanup,
    ...createTipPayments({
      ...deps,
      limits,
      maxOpenInvoicesPerPage: options.maxOpenInvoicesPerPage,
    }),
  }
}

export type TipService = ReturnType<typeof createTipService>
