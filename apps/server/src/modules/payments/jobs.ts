/**
 * The payments module's background work, on the one job queue (each run on one instance of the
 * cluster): lapsed invoices are looked up and expired (or credited, if paid after all), and
 * rows whose wallet call never came back are failed past their deadline.
 */
import type { JobQueue } from '../../jobs/jobs'
import type { PriceService } from '../price/service'
import { failUnanswered } from './deadline'
import type { PaymentRepo } from './repo'
import { createSettlements } from './settlements'
import type { WalletProvider } from './wallet-provider'

export const EXPIRY_SWEEP_MS = 5_000
export const DEADLINE_SWEEP_MS = 60_000

export interface PaymentJobDeps {
  repo: PaymentRepo
  wallets: WalletProvider
  price: PriceService
  log?: (msg: string, err?: unknown) => void
}

/** Every business's lapsed invoices: asked of its wallet, then expired or credited. */
export async function expireLapsed(deps: PaymentJobDeps, signal?: AbortSignal): Promise<void> {
  const settlements = createSettlements(deps)
  for (const businessId of await deps.repo.businessesWithLapsed(new Date())) {
    if (signal?.aborted) return
    // One business's wallet being down does not hold up the others.
    await settlements
      .expireLapsed(businessId)
      .catch((err: unknown) => deps.log?.(`expiring payments of ${businessId}`, err))
  }
}

export function registerPaymentJobs(queue: JobQueue, deps: PaymentJobDeps): void {
  queue.every('payments-expiry', EXPIRY_SWEEP_MS, (signal) => expireLapsed(deps, signal))
  queue.every('payments-deadline', DEADLINE_SWEEP_MS, async () => {
    await failUnanswered(deps.repo)
  })
}
