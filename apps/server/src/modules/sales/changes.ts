/**
 * Tells a sales page that a payment of its business changed (settled, expired, ...), so it
 * refreshes then instead of on a timer. Fed by pg_notify, so a change on any server instance
 * reaches pages on all of them; a burst of changes is told once per `coalesceMs`.
 *
 * Each signal carries `at`, the time of the latest change it covers (UTC_MICROS, the event id):
 * a page reconnecting after `at` is told at once if anything changed since, and not otherwise.
 */
import type { PgEventBus } from '../../lib/pg-events'
import { PAYMENT_EVENTS_CHANNEL, type PaymentEvent } from '../payments'

export interface SalesChange {
  changedAt: Date
  /** the time of the latest change told (fixed-width ISO 8601 UTC to the microsecond) */
  at: string
}

export interface Resume {
  /** the `at` of the last signal the page got */
  after: string
  /** the latest change after `after`, if any */
  changedSince(businessId: string, after: string): Promise<string | null>
}

const AT_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/

/** Whether `value` is an `at` this stream gave (anything else is resumed as "unknown"). */
export const isEventAt = (value: unknown): value is string =>
  typeof value === 'string' && AT_PATTERN.test(value)

const later = (a: string | null, b: string | null) => (a === null || (b !== null && b > a) ? b : a)

export async function* salesChanges(
  bus: PgEventBus,
  businessId: string,
  signal: AbortSignal | undefined,
  coalesceMs = 500,
  resume?: Resume,
): AsyncGenerator<SalesChange> {
  let latest: string | null = null
  const changes = await bus.listen(
    PAYMENT_EVENTS_CHANNEL,
    (payload) => {
      const event = payload as Partial<PaymentEvent>
      if (event.businessId !== businessId) return false
      latest = later(latest, event.at ?? null)
      return true
    },
    signal,
  )
  try {
    // Listening first, then asking what was missed: nothing falls in between.
    let told = resume ? resume.after : null
    if (resume) latest = later(latest, await resume.changedSince(businessId, resume.after))
    let pending = resume ? latest !== null && latest !== told : false
    while (!signal?.aborted) {
      if (changes.take()) pending = true
      // A change already told (seen again as its notification) is not told twice.
      if (!pending || (told !== null && latest !== null && latest <= told)) {
        pending = false
        await changes.wait()
        continue
      }
      pending = false
      told = latest
      yield { changedAt: new Date(), at: latest ?? new Date().toISOString() }
      await new Promise((resolve) => setTimeout(resolve, coalesceMs))
    }
  } finally {
    changes.close()
  }
}
