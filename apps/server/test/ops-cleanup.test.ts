/** Lapsed rate-limit counters are deleted by a job; running and blocking ones are kept. */
import { afterAll, describe, expect, it } from 'vitest'
import { until } from './assertions'
import { scenario, uniqueEmail } from './harness'

const t = await scenario({
  env: { CLEANUP_INTERVAL_MS: '500' },
  authLimits: {
    signInPerIp: { points: 100, durationSec: 600 },
    failedSignInPerAccount: { points: 100, durationSec: 600 },
    signUpPerIp: { points: 100, durationSec: 600 },
  },
})
afterAll(t.close)
const { env } = t

const keys = async () => {
  const { rows } = await env.database.pool.query<{ key: string }>(
    'SELECT key FROM rate_limits ORDER BY key',
  )
  return rows.map((r) => r.key)
}

describe('rate-limit counters', () => {
  it('are deleted by the cleanup job once their window has ended', async () => {
    const b = env.browser({ ip: '203.0.113.7' })
    await b.caller.auth.signUp({ email: uniqueEmail(), password: 'correct horse battery' })
    const counting = await keys()
    expect(counting.length).toBeGreaterThan(0)

    const now = Date.now()
    const lapsed = Array.from({ length: 300 }, (_, i) => `test-lapsed:${i}`)
    await env.database.pool.query(
      `INSERT INTO rate_limits (key, points, expire)
       SELECT k, 1, $2::bigint FROM unnest($1::text[]) AS k`,
      [lapsed, now - 1000],
    )
    await env.database.pool.query(
      `INSERT INTO rate_limits (key, points, expire) VALUES
       ('test-running', 2, $1), ('test-forever', 1, NULL)`,
      [now + 60 * 60_000],
    )
    const left = await until(
      keys,
      (k) => !k.some((key) => key.startsWith('test-lapsed:')),
      'lapsed counters deleted',
      15_000,
    )
    expect(left).toEqual([...counting, 'test-forever', 'test-running'].sort())
  })
})
