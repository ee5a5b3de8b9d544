import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it, vi } from 'vitest'
import { batched } from './batch'

describe('batched', () => {
  it('sends calls made in the same turn as one batch, each caller getting its own result', async () => {
    const batches: number[][] = []
    const double = batched<number, number>((keys) => {
      batches.push([...keys])
      return Promise.resolve(keys.map((k) => k * 2))
    })
    expect(await Promise.all([double(1), double(2), double(3)])).toEqual([2, 4, 6])
    expect(batches).toEqual([[1, 2, 3]])
    expect(await double(4)).toBe(8)
    expect(batches).toEqual([[1, 2, 3], [4]])
  })

  it('retries a failed batch one by one, so only the bad call fails', async () => {
    const runs: number[][] = []
    const check = batched<number, number>((keys) => {
      runs.push([...keys])
      if (keys.includes(13)) return Promise.reject(new Error('unlucky'))
      return Promise.resolve([...keys])
    })
    const results = await Promise.allSettled([check(12), check(13), check(14)])
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect(runs).toEqual([[12, 13, 14], [12], [13], [14]])
  })

  it('gathers calls into the next batch while the allowed batches are running', async () => {
    const batches: number[][] = []
    // The first batch runs until the test lets it end.
    let finishFirst = () => {}
    const firstRunning = new Promise<void>((resolve) => (finishFirst = resolve))
    const slow = batched<number, number>(
      async (keys) => {
        batches.push([...keys])
        if (batches.length === 1) await firstRunning
        return [...keys]
      },
      { maxInFlight: 1 },
    )
    const first = slow(1)
    await vi.waitFor(() => expect(batches).toEqual([[1]])) // the first batch is running
    const rest = [slow(2), slow(3)]
    await sleep(5)
    rest.push(slow(4))
    await sleep(5)
    finishFirst()
    expect(await Promise.all([first, ...rest])).toEqual([1, 2, 3, 4])
    expect(batches).toEqual([[1], [2, 3, 4]])
  })
})
