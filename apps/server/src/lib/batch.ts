/**
 * Calls that arrive together (many tills at once) go to PostgreSQL as one statement: one round
 * trip, one commit. Calls are collected for one turn of the event loop, so requests read in the
 * same poll phase travel together and a lone call waits for nothing. Each caller still gets its
 * own result only once the statement has completed; when a batch fails, its calls are retried
 * one by one, so one bad call never fails its neighbours.
 */
import DataLoader from 'dataloader'

export function batched<K, V>(
  run: (keys: readonly K[]) => Promise<(V | Error)[]>,
  maxBatchSize = 100,
): (key: K) => Promise<V> {
  const asError = (e: unknown) => (e instanceof Error ? e : new Error(String(e)))
  const loader = new DataLoader<K, V>(
    async (keys) => {
      try {
        return await run(keys)
      } catch (err) {
        if (keys.length === 1) return [asError(err)]
        return Promise.all(
          keys.map((k) => run([k]).then((r) => r[0] ?? new Error('no result'), asError)),
        )
      }
    },
    { cache: false, maxBatchSize, batchScheduleFn: (go) => setImmediate(go) },
  )
  return (key) => loader.load(key)
}
