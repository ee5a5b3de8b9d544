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
  let pending = false
  let wake: (() => void) | null = null
  const unsubscribe = await bus.subscribe(PAYMENT_EVENTS_CHANNEL, (payload) => {
    if ((payload as { businessId?: string }).businessId !== businessId) return
    pending = true
    wake?.()
  })
  const onAbort = () => wake?.()
  signal?.addEventListener('abort', onAbort)
  try {
    while (!signal?.aborted) {
      if (!pending) {
        await new Promise<void>((resolve) => (wake = resolve))
        wake = null
        continue
      }
      pending = false
      yield { changedAt: new Date() }
      await new Promise((resolve) => setTimeout(resolve, coalesceMs))
    }
  } finally {
    unsubscribe()
    signal?.removeEventListener('abort', onAbort)
  }
}
