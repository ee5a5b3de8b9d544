/**
 * Following withdrawals whose outcome is not known: rows `unknown` (a timeout, a lost reply) and
 * rows left `sending` (a crash between the request and its answer) are asked of their wallet
 * until final; rows written but never sent are failed. One run at a time across the cluster.
 */
import type { JobQueue } from '../../jobs/jobs'
import type { WithdrawalRepo } from './repo'
import type { WithdrawalService } from './service'

const WITHDRAWAL_SWEEP_MS = 2_000
/** a row `sending` this long without an answer is followed up (its request may have died) */
const DEFAULT_STALE_SENDING_MS = 15_000
/** a row the wallet never saw this long after it was sent: nothing went out */
const DEFAULT_NEVER_SEEN_MS = 120_000

export interface WithdrawalJobOptions {
  sweepMs?: number
  staleSendingMs?: number
  neverSeenMs?: number
}

export async function followUpWithdrawals(
  deps: {
    repo: WithdrawalRepo
    service: WithdrawalService
    log?: (m: string, e?: unknown) => void
  },
  opts: WithdrawalJobOptions = {},
  signal?: AbortSignal,
): Promise<void> {
  const neverSeen = opts.neverSeenMs ?? DEFAULT_NEVER_SEEN_MS
  await deps.repo.failUnsent(neverSeen)
  for (const row of await deps.repo.open(opts.staleSendingMs ?? DEFAULT_STALE_SENDING_MS)) {
    if (signal?.aborted) return
    try {
      await deps.service.resolve(row, neverSeen, signal)
    } catch (err) {
      deps.log?.(`withdrawal ${row.id} follow-up`, err)
    }
  }
}

/**
 * At start-up: every row left `sending` (by a crash) or `unknown` is asked of its wallet at
 * once, not only those untouched for a while, so its outcome is known within seconds of a
 * restart instead of blocking the business's withdrawals until the sweep reaches it.
 */
export function followUpAtStart(
  deps: Parameters<typeof followUpWithdrawals>[0],
  opts: WithdrawalJobOptions = {},
): Promise<void> {
  return followUpWithdrawals(deps, { ...opts, staleSendingMs: 0 })
}

export function registerWithdrawalJobs(
  jobs: JobQueue,
  deps: {
    repo: WithdrawalRepo
    service: WithdrawalService
    log?: (m: string, e?: unknown) => void
  },
  opts: WithdrawalJobOptions = {},
): void {
  jobs.every('withdrawals-follow-up', opts.sweepMs ?? WITHDRAWAL_SWEEP_MS, (signal) =>
    followUpWithdrawals(deps, opts, signal),
  )
}
