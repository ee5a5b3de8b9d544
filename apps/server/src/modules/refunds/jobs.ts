/**
 * Refunds claimed (an LNURL-withdraw the customer's wallet sent its invoice to, or a destination
 * the staff member entered) whose withdrawal was never written, because the instance stopped
 * or the wallet was busy: paid again with the same withdrawal key, so at most once.
 */
import type { JobQueue } from '../../jobs/jobs'
import type { RefundService } from './service'

export const REFUND_RESUME_MS = 3_000
/** a claimed refund without its withdrawal this long is resumed (its request may have died) */
export const REFUND_UNSENT_AFTER_MS = 10_000

export function registerRefundJobs(jobs: JobQueue, refunds: RefundService): void {
  jobs.every('refunds-resume', REFUND_RESUME_MS, () => refunds.resume(REFUND_UNSENT_AFTER_MS))
}
