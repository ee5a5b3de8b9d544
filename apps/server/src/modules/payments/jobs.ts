/**
 * The payments module's background work, on the one job queue (each run on one instance of the
 * cluster): lapsed invoices are looked up and expired (or credited, if paid after all), and
 * rows whose wallet call never came back are failed past their deadline. Businesses are swept a
 * few at a time, each on its own: one whose wallet fails or hangs holds up no other.
 */
import type { JobQueue } from '../../jobs/jobs'
import type { PriceService } from '../price'
import { failUnanswered } from './deadline'
import { DEFAULT_BUSINESS_CONCURRENCY, forEachIsolated } from './limits'
import type { PaymentRepo } from './repo'
import { createSettlements, DEFAULT_ADDRESS_GRACE_MS } from './settlements'
import type { WalletProvider } from '../../wallets/wallet-provider'

const EXPIRY_SWEEP_MS = 5_000
const DEADLINE_SWEEP_MS = 60_000

export interface PaymentJobDeps {
  repo: PaymentRepo
  wallets: WalletProvider
  price: PriceService
  log?: (msg: string, err?: unknown) => void
  /** deadline of each wallet call; default DEFAULT_WALLET_CALL_MS (limits.ts) */
  walletCallMs?: number
  /** businesses swept at once; default DEFAULT_BUSINESS_CONCURRENCY */
  concurrency?: number
  /** how long an unpaid address payment outlives its invoice; default DEFAULT_ADDRESS_GRACE_MS */
  addressGraceMs?: number
}

/** Every business's lapsed invoices: asked of its wallet, then expired or credited. */
export async function expireLapsed(deps: PaymentJobDeps, signal?: AbortSignal): Promise<void> {
  const settlements = createSettlements(deps)
  const now = new Date()
  const graceMs = deps.addressGraceMs ?? DEFAULT_ADDRESS_GRACE_MS
  await forEachIsolated(
    await deps.repo.businessesWithLapsed(now, graceMs),
    deps.concurrency ?? DEFAULT_BUSINESS_CONCURRENCY,
    async (businessId) => {
      if (!signal?.aborted) await settlements.expireLapsed(businessId, now)
    },
    (businessId, err) => deps.log?.(`expiring payments of ${businessId}`, err),
  )
}

export function registerPaymentJobs(queue: JobQueue, deps: PaymentJobDeps): void {
  queue.every('payments-expiry', EXPIRY_SWEEP_MS, (signal) => expireLapsed(deps, signal))
  queue.every('payments-deadline', DEADLINE_SWEEP_MS, async () => {
    await failUnanswered(deps.repo)
  })
}
