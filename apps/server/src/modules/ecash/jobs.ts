/**
 * The ecash module's background work on the one job queue: a redemption whose melt is open is
 * looked at again (`ecash-melt-check`, queued when its answer was lost) until its quote is PAID
 * or UNPAID, and a sweep finishes any redemption a crash or a lost answer left unfinished.
 */
import type { JobQueue } from '../../jobs/jobs'
import type { Recovery } from './recovery'

const MELT_CHECK_JOB = 'ecash-melt-check'
/** between two looks at an open melt */
const MELT_RECHECK_MS = 10_000
/** looks by job before the sweep alone looks again (about an hour) */
const MELT_CHECKS = 360
const RECOVERY_SWEEP_MS = 60_000
/** a redemption untouched this long has no request of its own in flight any more */
const RECOVERY_AGE_MS = 2 * 60_000

export function registerEcashJobs(queue: JobQueue, recovery: Recovery): void {
  queue.handle<{ paymentId: string; look?: number }>(MELT_CHECK_JOB, async (data, signal) => {
    const look = data.look ?? 1
    if ((await recovery.resolve(data.paymentId, signal)) === 'waiting' && look < MELT_CHECKS) {
      const next = { paymentId: data.paymentId, look: look + 1 }
      await queue.send(MELT_CHECK_JOB, next, { delayMs: MELT_RECHECK_MS })
    }
  })
  queue.every('ecash-recovery', RECOVERY_SWEEP_MS, async (signal) => {
    await recovery.sweep(new Date(Date.now() - RECOVERY_AGE_MS), signal)
  })
}

/** Queues the next look at a redemption whose melt is open. */
export const checkMeltLater = (queue: JobQueue, paymentId: string, delayMs = MELT_RECHECK_MS) =>
  queue.send(MELT_CHECK_JOB, { paymentId }, { delayMs })
