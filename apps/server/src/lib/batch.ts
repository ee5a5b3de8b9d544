/**
 * Calls that arrive together (many tills at once) go to PostgreSQL as one statement: one round
 * trip, one commit. Like a database's group commit, batches form on their own under load: a
 * lone call goes at the next turn of the event loop, and while `maxInFlight` statements are
 * already running, new calls gather into the next batch instead of queueing one by one. Each
 * caller still gets its own result only once the statement has completed; when a batch fails,
 * its calls are retried one by one, so one bad call never fails its neighbours.
 */
import DataLoader from 'dataloader'

export function batched<K, V>(
  run: (keys: readonly K[]) => Promise<(V | Error)[]>,
  opts: { maxBatchSize?: number; maxInFlight?: number } = {},
): (key: K) => Promise<V> {
  const maxInFlight = opts.maxInFlight ?? 2
  const asError = (e: unknown) => (e instanceof Error ? e : new Error(String(e)))
  let inFlight = 0
  const waiting: (() => void)[] = []

  const dispatchWhenFree = (dispatch: () => void) => {
    setImmediate(() => {
      if (inFlight < maxInFlight) dispatch()
      else waiting.push(dispatch)
    })
  }

  async function runBatch(keys: readonly K[]): Promise<(V | Error)[]> {
    inFlight++
    try {
      return await run(keys)
    } catch (err) {
      if (keys.length === 1) return [asError(err)]
      return Promise.all(
        keys.map((k) => run([k]).then((r) => r[0] ?? new Error('no result'), asError)),
      )
    } finally {
      inFlight--
      waiting.shift()?.()
    }
  }

  const loader = new DataLoader<K, V>(runBatch, {
    cache: false,
    maxBatchSize: opts.maxBatchSize ?? 100,
    batchScheduleFn: dispatchWhenFree,
  })
  return (key) => loader.load(key)
}
