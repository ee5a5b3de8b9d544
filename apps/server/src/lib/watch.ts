/** Turns a reading into a stream of changes: read, yield when different, wait, repeat. */
import { setTimeout as sleep } from 'node:timers/promises'

export async function* watchChanges<T>(
  read: () => Promise<T>,
  opts: { intervalMs: number; signal: AbortSignal | undefined },
): AsyncGenerator<T> {
  let last: string | undefined
  while (!opts.signal?.aborted) {
    const value = await read()
    const key = JSON.stringify(value)
    if (key !== last) {
      last = key
      yield value
    }
    try {
      await sleep(opts.intervalMs, undefined, { signal: opts.signal })
    } catch {
      return
    }
  }
}
