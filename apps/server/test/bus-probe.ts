/**
 * When a page listens: a count of the subscriptions made on a server's event bus, so a test
 * changes something only once the page it checks is listening, instead of after a guessed pause.
 */
import type { PgEventBus } from '../src/lib/pg-events'
import { until } from './assertions'

export interface SubscriptionCount {
  /** subscriptions made so far */
  count(): number
  /** Resolves once `n` subscriptions in all have been made. */
  reached(n: number): Promise<number>
}

/** Counts the subscriptions to `channel` made on `bus` from now on. */
export function countSubscriptions(bus: PgEventBus, channel: string): SubscriptionCount {
  let made = 0
  const subscribe = bus.subscribe.bind(bus)
  bus.subscribe = async (on, handler) => {
    const unsubscribe = await subscribe(on, handler)
    if (on === channel) made += 1
    return unsubscribe
  }
  return {
    count: () => made,
    reached: (n) =>
      until(
        () => Promise.resolve(made),
        (m) => m >= n,
        `${n} subscriptions to ${channel}`,
      ),
  }
}
