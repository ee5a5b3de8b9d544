/**
 * Reading a payment, and following it: pages follow a payment through a subscription fed by
 * pg_notify, so a settlement seen by any instance reaches a browser connected to any other.
 */
import { createHash } from 'node:crypto'
import { DomainError } from '../../lib/errors'
import { followChanges, type PgEventBus } from '../../lib/pg-events'
import type { PaymentRepo } from './repo'
import { PAYMENT_EVENTS_CHANNEL, type PaymentRow } from './row'
import type { Settlements } from './settlements'
import { isFinal, paymentView, type PaymentView } from './view'

/** The id of a followed payment's event: the same view gives the same id. */
export function paymentEventId(view: PaymentView): string {
  return createHash('sha256').update(JSON.stringify(view)).digest('base64url').slice(0, 22)
}

export function createFollowing(deps: {
  repo: PaymentRepo
  bus: PgEventBus
  settlements: Pick<Settlements, 'expireLapsed'>
}) {
  const { repo } = deps

  return {
    async get(businessId: string, id: string): Promise<PaymentView> {
      const row = await repo.find(businessId, id)
      if (!row) throw new DomainError('NOT_FOUND', 'Payment not found')
      return paymentView(row)
    },

    /**
     * The payment now and after every change, until it is final or the client goes away. After
     * `lastEventId` (a reconnect), the payment as it stands is given only if it changed since.
     */
    async *follow(
      businessId: string,
      id: string,
      signal: AbortSignal | undefined,
      lastEventId?: string | null,
    ) {
      let last: PaymentRow | undefined
      const events = followChanges<PaymentView>(deps.bus, {
        channel: PAYMENT_EVENTS_CHANNEL,
        concerns: (payload) => (payload as { id?: string }).id === id,
        read: async () => {
          last = await repo.find(businessId, id)
          if (!last) throw new DomainError('NOT_FOUND', 'Payment not found')
          const view = paymentView(last)
          return { id: paymentEventId(view), value: view }
        },
        isLast: (view) => isFinal(view.status),
        idle: {
          waitMs: () => {
            const expiresAt = last?.expiresAt
            const untilExpiry = expiresAt ? expiresAt.getTime() - Date.now() + 1500 : 60_000
            return Math.max(1000, Math.min(untilExpiry, 60_000))
          },
          // Past expiry, look now rather than at the next expiry sweep; a change is an event.
          idle: async () => {
            const expiresAt = last?.expiresAt
            if (!expiresAt || expiresAt.getTime() >= Date.now()) return false
            await deps.settlements.expireLapsed(businessId)
            return true
          },
        },
        signal,
        lastEventId,
      })
      for await (const { value } of events) yield value
    },
  }
}
