/**
 * The public checkout page's server side: the invoice as the customer sees it, followed live
 * (pg_notify on INVOICE_EVENTS_CHANNEL, so a payment seen by any instance reaches the page), and
 * a Cashu token as a third way to pay. No session: the invoice's id, a random UUID, is the key.
 */
import { createHash } from 'node:crypto'
import type { TCheckout } from '@app/domain'
import { DomainError } from '../../lib/errors'
import { followChanges, type PgEventBus } from '../../lib/pg-events'
import type pg from 'pg'
import { createRateLimits } from '../../lib/rate-limit'
import type { EcashService } from '../ecash'
import type { PaymentLinks } from './links'
import { INVOICE_EVENTS_CHANNEL, type InvoiceRepo } from './repo'
import type { InvoiceService } from './service'
import type { InvoiceSync } from './sync'

/** The id of a checkout event: the same view (the clock aside) gives the same id. */
function checkoutEventId(view: TCheckout): string {
  const { serverTime: _clock, ...rest } = view
  return createHash('sha256').update(JSON.stringify(rest)).digest('base64url').slice(0, 22)
}

const isLast = (v: TCheckout) => v.status === 'settled' || v.status === 'invalid'

export function createCheckout(deps: {
  repo: InvoiceRepo
  invoices: InvoiceService
  sync: InvoiceSync
  ecash: EcashService
  links: PaymentLinks
  bus: PgEventBus
  pool?: pg.Pool
}) {
  const { repo, invoices } = deps
  // each address makes a few invoices from links and tries a few tokens a minute
  const limits = createRateLimits(deps.pool)
  const charge = (ip: string | undefined) => limits.consume('checkoutPerIp', ip ?? 'unknown')

  return {
    get: (id: string) => invoices.checkout(id),

    linkPage: (linkId: string) => deps.links.page(linkId),

    /** A customer's use of a payment link: a new invoice, ready on its checkout page. */
    async useLink(
      linkId: string,
      amount: number | undefined,
      ip: string | undefined,
      signal?: AbortSignal,
    ) {
      await charge(ip)
      return deps.links.use(linkId, amount, signal)
    },

    /** The checkout now and after each change, until paid or invalid, or the page goes away. */
    async *follow(id: string, signal: AbortSignal, lastEventId?: string | null) {
      let last: TCheckout | undefined
      const events = followChanges<TCheckout>(deps.bus, {
        channel: INVOICE_EVENTS_CHANNEL,
        concerns: (payload) => (payload as { id?: string }).id === id,
        read: async () => {
          last = await invoices.checkout(id)
          return { id: checkoutEventId(last), value: last }
        },
        isLast,
        idle: {
          // at its expiry the page is told, without waiting for the sweep
          waitMs: () => {
            const until = last ? new Date(last.expiresAt).getTime() - Date.now() + 500 : 30_000
            return Math.max(1000, Math.min(until > 0 ? until : 30_000, 30_000))
          },
          idle: () => Promise.resolve(true),
        },
        signal,
        lastEventId,
      })
      for await (const { value } of events) yield value
    },

    /**
     * Pays the invoice with a Cashu token of its amount (within the terminal's tolerance): the
     * token is redeemed as its own payment, which then stands for the invoice.
     */
    async payWithEcash(
      id: string,
      token: string,
      ip: string | undefined,
      signal?: AbortSignal,
    ): Promise<TCheckout> {
      await charge(ip)
      const row = await repo.find(id)
      if (!row) throw new DomainError('NOT_FOUND', 'Invoice not found')
      const view = await invoices.checkout(id)
      if (!view.acceptsEcash || row.ecashPaymentId) {
        throw new DomainError('INVOICE_NOT_PAYABLE', 'This invoice can no longer be paid')
      }
      const business = await repo.business(row.businessId)
      if (!business) throw new DomainError('NOT_FOUND', 'Invoice not found')
      const tokenKey = createHash('sha256').update(token).digest('hex').slice(0, 32)
      const payment = await deps.ecash.redeem(
        business,
        {
          token,
          memo: (row.description || business.name).slice(0, 200),
          idempotencyKey: `invoice-ecash:${row.id}:${tokenKey}`,
          terminal: {
            dueSat: Number(row.amountSat),
            fiatMinor: row.currency === 'SAT' ? null : Number(row.amount),
            deviceId: null,
            staffId: null,
          },
        },
        signal,
      )
      if (payment.status === 'settled' || payment.status === 'processing') {
        await repo.attachEcash(row.id, payment.id)
      }
      const fresh = await repo.find(id)
      if (fresh) await deps.sync.sync(fresh)
      return invoices.checkout(id)
    },
  }
}

export type Checkout = ReturnType<typeof createCheckout>
