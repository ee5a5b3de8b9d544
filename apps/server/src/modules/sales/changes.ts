/**
 * Tells a sales page that a payment of its business changed (settled, expired, ...), so it
 * refreshes then instead of on a timer. Fed by pg_notify, so a change on any server instance
 * reaches pages on all of them; a burst of changes is told once per `coalesceMs`.
 */
import type { PgEventBus } from '../../lib/pg-events'
import { PAYMENT_EVENTS_CHANNEL } from '../payments/repo'

export async function* salesChanges(
  bus: PgEventBus,
  businessId: string,
  signal: AbortSignal | undefined,
  coalesceMs = 500,
): AsyncGenerator<{ changedAt: Date }> {
  const changes = await bus.listen(
    PAYMENT_EVENTS_CHANNEL,
    (payload) => (payload as { businessId?: string }).businessId === businessId,
    signal,
  )
  try {
    while (!signal?.aborted) {
      if (!changes.take()) {
        await changes.wait()
        continue
      }
      yield { changedAt: new Date() }
      await new Promise((resolve) => setTimeout(resolve, coalesceMs))
    }
  } finally {
    changes.close()
  }
}
