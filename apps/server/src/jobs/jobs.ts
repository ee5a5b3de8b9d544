/**
 * Background work, one way: pg-boss on the server's own PostgreSQL. Safe with any number of
 * instances (a job is claimed by one worker with SKIP LOCKED), failures are logged, deferred jobs
 * are retried.
 *
 * - `every(name, ms, task)`: a recurring task run by one instance of the cluster at a time. pg-boss
 *   cron is minute-grained, so each run first queues the next one `ms` later (queue policy
 *   `stately`: at most one waiting and one running, so instances that all queue a run at start
 *   or on their keeper timer add nothing). A failed run is logged; the next run is the retry.
 *   pg-boss holds a stately queue's waiting run back while its last statistics show a run
 *   active; those statistics are refreshed every `STATS_REFRESH_SECONDS` (60 s by default), so
 *   a run caught active would hold up the next one for a minute. Runs of recurring tasks are
 *   kept `RECURRING_RUNS_KEPT_SECONDS`: they are a heartbeat, not a record.
 * - `handle(name, handler)` + `send(name, data, { delayMs })`: deferred work, retried with
 *   backoff, failures logged each attempt.
 *
 * Register handlers before or after `start()`; `stop()` lets running jobs finish (their signal is
 * aborted) and stops polling.
 */
import { PgBoss } from 'pg-boss'

export interface JobOptions {
  /** how often workers look for due jobs; pg-boss's floor is 500 ms */
  pollMs?: number
  log?: (msg: string, err?: unknown) => void
  /** how often each instance re-queues its recurring tasks in case a chain was broken */
  keeperMs?: number
}

export interface HandleOptions {
  /** attempts after the first; default 5 */
  retryLimit?: number
  /** first wait before a retry, doubled each time; default 2 s */
  retryDelaySec?: number
  /** how long a run may take before it counts as lost and is retried; default 5 minutes */
  expireInSeconds?: number
}

export interface SendOptions {
  /** run no earlier than this many milliseconds from now (database clock) */
  delayMs?: number
}

export interface JobQueue {
  every(name: string, intervalMs: number, task: (signal: AbortSignal) => Promise<void>): void
  handle<T extends object>(
    name: string,
    handler: (data: T, signal: AbortSignal) => Promise<void>,
    opts?: HandleOptions,
  ): void
  send<T extends object>(name: string, data: T, opts?: SendOptions): Promise<void>
  start(): Promise<void>
  stop(): Promise<void>
}

type Registration =
  | {
      kind: 'every'
      name: string
      intervalMs: number
      task: (signal: AbortSignal) => Promise<void>
    }
  | {
      kind: 'handle'
      name: string
      handler: (data: object, signal: AbortSignal) => Promise<void>
      opts: HandleOptions
    }

const QUEUE_NAME = /^[a-z][a-z0-9-]*$/
/** How often pg-boss refreshes its queue statistics and each instance's copy of them. */
export const STATS_REFRESH_SECONDS = 2
const RECURRING_RUNS_KEPT_SECONDS = 3600

export function createJobQueue(connectionString: string, opts: JobOptions = {}): JobQueue {
  const log = opts.log ?? (() => {})
  const registrations: Registration[] = []
  let boss: PgBoss | null = null
  let starting: Promise<void> | null = null
  let keeper: NodeJS.Timeout | undefined
  let stopped = false
  // Aborted at stop, so running tasks end their network calls instead of delaying the stop.
  const stopping = new AbortController()
  const signalOf = (job: { signal: AbortSignal }) => AbortSignal.any([job.signal, stopping.signal])

  const pollingIntervalSeconds = (ms: number) => Math.max(0.5, ms / 1000)

  async function queueNext(b: PgBoss, r: Extract<Registration, { kind: 'every' }>, delayMs = 0) {
    await b.send(r.name, {}, delayMs > 0 ? { startAfter: delayMs / 1000 } : {})
  }

  async function apply(b: PgBoss, r: Registration): Promise<void> {
    if (r.kind === 'every') {
      // A run that did not finish in this long is taken as lost (its instance died).
      const expireInSeconds = Math.max(60, Math.ceil((r.intervalMs * 10) / 1000))
      const options = {
        retryLimit: 0,
        expireInSeconds,
        deleteAfterSeconds: RECURRING_RUNS_KEPT_SECONDS,
      }
      await b.createQueue(r.name, { policy: 'stately', ...options })
      // a queue created by an earlier release takes the current options too
      await b.updateQueue(r.name, options)
      await b.work(
        r.name,
        { pollingIntervalSeconds: pollingIntervalSeconds(Math.min(r.intervalMs, 2_000)) },
        async ([job]) => {
          if (!job) return
          // The next run is queued first, so a failing or crashing run never ends the chain.
          await queueNext(b, r, r.intervalMs).catch((err: unknown) =>
            log(`job ${r.name}: next run not queued`, err),
          )
          try {
            await r.task(signalOf(job))
          } catch (err) {
            log(`job ${r.name} failed`, err)
            throw err
          }
        },
      )
      await queueNext(b, r)
      return
    }
    await b.createQueue(r.name, {
      policy: 'standard',
      retryLimit: r.opts.retryLimit ?? 5,
      retryDelay: r.opts.retryDelaySec ?? 2,
      retryBackoff: true,
      expireInSeconds: r.opts.expireInSeconds ?? 300,
    })
    await b.work<object>(
      r.name,
      { pollingIntervalSeconds: pollingIntervalSeconds(opts.pollMs ?? 2_000) },
      async ([job]) => {
        if (!job) return
        try {
          await r.handler(job.data, signalOf(job))
        } catch (err) {
          log(`job ${r.name} ${job.id} failed`, err)
          throw err
        }
      },
    )
  }

  function register(r: Registration): void {
    if (!QUEUE_NAME.test(r.name)) throw new Error(`bad job name ${r.name}`)
    if (registrations.some((x) => x.name === r.name)) throw new Error(`job ${r.name} twice`)
    registrations.push(r)
    if (boss && !stopped) {
      const b = boss
      void apply(b, r).catch((err: unknown) => log(`job ${r.name} not started`, err))
    }
  }

  return {
    every(name, intervalMs, task) {
      register({ kind: 'every', name, intervalMs, task })
    },

    handle(name, handler, handleOpts = {}) {
      register({
        kind: 'handle',
        name,
        handler: handler as (data: object, signal: AbortSignal) => Promise<void>,
        opts: handleOpts,
      })
    },

    async send(name, data, sendOpts = {}) {
      await this.start()
      if (!boss) throw new Error('the job queue is stopped')
      await boss.send(name, data, sendOpts.delayMs ? { startAfter: sendOpts.delayMs / 1000 } : {})
    },

    start() {
      starting ??= (async () => {
        const b = new PgBoss({
          connectionString,
          max: 3,
          application_name: 'jobs',
          // no cron schedules: recurring work re-queues itself (see above)
          schedule: false,
          // the statistics are taken in the supervisor's pass, so both run at that pace
          superviseIntervalSeconds: STATS_REFRESH_SECONDS,
          monitorIntervalSeconds: STATS_REFRESH_SECONDS,
          queueCacheIntervalSeconds: STATS_REFRESH_SECONDS,
          // runs past their retention are deleted this often
          maintenanceIntervalSeconds: 600,
        })
        b.on('error', (err) => log('job queue', err))
        await b.start()
        boss = b
        for (const r of registrations) await apply(b, r)
        const keeperMs = opts.keeperMs ?? 60_000
        keeper = setInterval(() => {
          for (const r of registrations) {
            if (r.kind === 'every') {
              queueNext(b, r).catch((err: unknown) => log(`job ${r.name}: not re-queued`, err))
            }
          }
        }, keeperMs)
        keeper.unref()
      })()
      return starting
    },

    async stop() {
      stopped = true
      clearInterval(keeper)
      stopping.abort()
      if (!starting) return
      await starting.catch(() => {})
      await boss?.stop({ graceful: true, timeout: 10_000 })
      boss = null
    },
  }
}
