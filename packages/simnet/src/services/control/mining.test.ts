import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { type TestSimnet, startTestSimnet } from '../lnd/test-support'

const BLOCK_MS = 600_000
let sim: TestSimnet

const mining = async (body: unknown) => {
  const res = await fetch(`${sim.url}/control/mining`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

beforeAll(async () => {
  sim = await startTestSimnet()
})
afterAll(() => sim.stop())
afterEach(() => {
  vi.useRealTimers()
})

describe('automatic mining under the tester’s control', () => {
  it('mines every interval once started and not at all once stopped', async () => {
    // only the miner's interval is faked: the server's own timers run as ever
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const start = sim.world.chain.tipHeight()
    expect(await mining({ intervalMs: BLOCK_MS })).toEqual({
      status: 200,
      body: { intervalMs: BLOCK_MS },
    })
    vi.advanceTimersByTime(2 * BLOCK_MS)
    expect(sim.world.chain.tipHeight()).toBe(start + 2)

    expect((await mining({ intervalMs: 0 })).status).toBe(200)
    vi.advanceTimersByTime(10 * BLOCK_MS)
    expect(sim.world.chain.tipHeight()).toBe(start + 2)
  })

  it('refuses an interval that is not a whole number of ms', async () => {
    for (const intervalMs of [-1, 1.5, '100', undefined]) {
      const res = await mining({ intervalMs })
      expect(res.status).toBe(400)
      expect(res.body.error).toMatch(/intervalMs/)
    }
  })
})
