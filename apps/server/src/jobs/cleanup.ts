/**
 * Housekeeping on the job queue: lapsed rate-limit counters are deleted, so the table holds only
 * the windows still running however many addresses and accounts have been seen; so are the
 * heartbeats of server instances long dead, and browsers whose known-browser cookie expired.
 */
import type { CleanupRepo } from './cleanup-repo'
import type { JobQueue } from './jobs'

const RATE_LIMIT_CLEANUP_JOB = 'rate-limit-cleanup'
const BATCH = 5000

export function registerCleanupJobs(
  jobs: JobQueue,
  deps: { repo: CleanupRepo; intervalMs: number; log?: (msg: string, err?: unknown) => void },
): void {
  jobs.every(RATE_LIMIT_CLEANUP_JOB, deps.intervalMs, async (signal) => {
    let total = 0
    // In batches, so no statement holds many row locks for long.
    for (;;) {
      const deleted = await deps.repo.deleteLapsedRateLimits(Date.now(), BATCH)
      total += deleted
      if (deleted < BATCH || signal.aborted) break
    }
    if (total > 0) deps.log?.(`deleted ${total} lapsed rate-limit counters`)
    await deps.repo.deleteDeadInstances()
    await deps.repo.deleteForgottenBrowsers()
  })
}
