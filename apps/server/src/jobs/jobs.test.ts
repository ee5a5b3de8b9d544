/**
 * The job queue on a real PostgreSQL: a recurring task runs on one instance at a time however many
 * instances run it, keeps running after a failed run; deferred jobs wait their delay, are retried,
 * and every failure is logged.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { afterEach, beforeAll, expect, it } from 'vitest'
import { until } from '../../test/assertions'
import { createTestDatabase } from '../../test/harness'
import { createJobQueue, type JobQueue } from './jobs'

let url: string
const started: JobQueue[] = []
beforeAll(async () => {
  url = await createTestDatabase('empty')
})
afterEach(async () => {
  await Promise.all(started.splice(0).map((q) => q.stop()))
})

function queue(log: (msg: string, err?: unknown) => void = () => {}) {
  const q = createJobQueue(url, { pollMs: 500, log })
  started.push(q)
  return q
}

it('runs a recurring task on one instance at a time and carries on after a failure', async () => {
  const logged: string[] = []
  let running = 0
  let mostAtOnce = 0
  const runs: { instance: number; at: number }[] = []
  const t0 = Date.now()
  const instances = [0, 1, 2].map((instance) => {
    const q = queue((msg) => logged.push(msg))
    q.every('count-things', 300, async () => {
      running += 1
      mostAtOnce = Math.max(mostAtOnce, running)
      runs.push({ instance, at: Date.now() - t0 })
      try {
        await sleep(100)
        if (runs.length === 2) throw new Error('the second run fails')
      } finally {
        running -= 1
      }
    })
    return q
  })
  await Promise.all(instances.map((q) => q.start()))
  await until(
    () => Promise.resolve(runs.length),
    (n) => n >= 6,
    'six runs',
    30_000,
  )
  expect(mostAtOnce).toBe(1)
  expect(logged).toContain('job count-things failed')
  // Three instances queued a run at start; one run waits at a time, so runs do not pile up:
  // each run queues the next one 300 ms ahead before its task starts, so the runs span at least
  // one interval per run after the first, less one interval for the instances' start (a run
  // queued while the first was already running). Runs that piled up would come ~100 ms apart.
  // The span, not each gap, is measured: a slow queueing write on a busy machine delays one
  // task's start (and shortens the gap after it) without moving any later run.
  const span = runs.at(-1)!.at - runs[0]!.at
  expect(span).toBeGreaterThanOrEqual(300 * (runs.length - 2))
})

it('does not hold the next run back after pg-boss has counted a run as active', async () => {
  // pg-boss skips a stately queue's waiting run while its queue statistics show one active; the
  // first run here ends only once the statistics have caught it, so the next run has to wait for
  // the statistics to be refreshed (a minute by default).
  const db = new pg.Pool({ connectionString: url, max: 1 })
  try {
    let runs = 0
    const q = queue()
    q.every('caught-running', 200, async () => {
      runs += 1
      if (runs > 1) return
      await until(
        () =>
          db
            .query<{ active: unknown[] | null }>(
              `SELECT singletons_active AS active FROM pgboss.queue WHERE name = 'caught-running'`,
            )
            .then((r) => r.rows[0]?.active ?? null),
        (active) => active !== null,
        'the statistics to count the run as active',
        20_000,
      )
    })
    await q.start()
    await until(
      () => Promise.resolve(runs),
      (n) => n >= 3,
      'two runs after it',
      20_000,
    )
  } finally {
    await db.end()
  }
})

it('runs a deferred job after its delay, retries it, and logs each failure', async () => {
  const logged: string[] = []
  const q = queue((msg) => logged.push(msg))
  const attempts: { data: { n: number }; at: number }[] = []
  q.handle<{ n: number }>(
    'flaky-work',
    async (data) => {
      attempts.push({ data, at: Date.now() })
      if (attempts.length < 3) throw new Error('not yet')
      await Promise.resolve()
    },
    { retryLimit: 3, retryDelaySec: 1 },
  )
  await q.start()
  const sentAt = Date.now()
  await q.send('flaky-work', { n: 7 }, { delayMs: 1_000 })
  await until(
    () => Promise.resolve(attempts.length),
    (n) => n >= 3,
    'three attempts',
    20_000,
  )
  expect(attempts[0]!.at - sentAt).toBeGreaterThanOrEqual(900)
  expect(attempts.map((a) => a.data)).toEqual([{ n: 7 }, { n: 7 }, { n: 7 }])
  expect(logged.filter((m) => m.startsWith('job flaky-work'))).toHaveLength(2)
  await sleep(1_500)
  expect(attempts).toHaveLength(3)
})

it('aborts a running task when the instance stops', async () => {
  const q = queue()
  let aborted = false
  let began = false
  q.every('long-task', 60_000, async (signal) => {
    began = true
    await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()))
    aborted = true
  })
  await q.start()
  await until(
    () => Promise.resolve(began),
    (b) => b,
    'the task to begin',
    30_000,
  )
  const t = Date.now()
  await q.stop()
  expect(aborted).toBe(true)
  expect(Date.now() - t).toBeLessThan(5_000)
})
