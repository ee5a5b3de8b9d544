/**
 * Following Loop swaps until final: swaps loopd runs (their states as loopd reports them), rows
 * whose request had no clear answer, and rows left `pending` by a crash. One run at a time
 * across the cluster.
 */
import type { JobQueue } from '../../jobs/jobs'
import type { LoopRepo } from './repo'
import type { LoopService } from './service'

const LOOP_FOLLOW_MS = 2_000
/** a row `pending` this long without an answer is followed up (its request may have died) */
const STALE_PENDING_MS = 15_000

export async function followLoopSwaps(
  deps: { repo: LoopRepo; service: LoopService; log?: (m: string, e?: unknown) => void },
  signal?: AbortSignal,
  stalePendingMs = STALE_PENDING_MS,
): Promise<void> {
  for (const row of await deps.repo.open(stalePendingMs)) {
    if (signal?.aborted) return
    try {
      await deps.service.follow(row, signal)
    } catch (err) {
      deps.log?.(`loop swap ${row.id} follow-up`, err)
    }
  }
}

export function registerLoopJobs(
  jobs: JobQueue,
  deps: { repo: LoopRepo; service: LoopService; log?: (m: string, e?: unknown) => void },
  intervalMs = LOOP_FOLLOW_MS,
): void {
  jobs.every('loop-swaps-follow', intervalMs, (signal) => followLoopSwaps(deps, signal))
}
