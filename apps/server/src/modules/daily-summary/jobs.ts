/**
 * The daily summary's job: every few minutes one server of the cluster queues the summaries of
 * the last day that ended (each once: see the service). A server that was down over midnight
 * sends the day's summaries when it is back, the same day.
 */
import type { JobQueue } from '../../jobs/jobs'
import type { DailySummaryService } from './service'

export const DAILY_SUMMARY_JOB = 'daily-summary'
const DAILY_SUMMARY_SWEEP_MS = 5 * 60_000

export function registerDailySummaryJob(
  jobs: JobQueue,
  service: DailySummaryService,
  log?: (msg: string, err?: unknown) => void,
): void {
  jobs.every(DAILY_SUMMARY_JOB, DAILY_SUMMARY_SWEEP_MS, async (signal) => {
    const queued = await service.sendDue(signal)
    if (queued > 0) log?.(`queued ${queued} daily sales summaries`)
  })
}
