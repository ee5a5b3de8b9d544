/**
 * Payment links: a URL and QR a business shares. Each use makes an invoice (of the link's
 * amount, or of the amount the customer enters when the link leaves it open) and opens its
 * checkout page. A use is counted in the invoice's own transaction, within the link's limits
 * (active, uses left, not ended), so a one-use link makes one invoice however many customers
 * press "Pay" at once.
 */
import {
  INVOICE_LIMITS,
  paymentLinkPath,
  type InvoiceCurrency,
  type PaymentLinkClosedReason,
  type TCheckout,
  type TPaymentLinkPage,
  type ZPaymentLinkInput,
} from '@app/domain'
import type { z } from 'zod'
import { DomainError } from '../../lib/errors'
import { newToken } from '../../lib/secrets'
import type { DeviceSettingsService } from '../devices'
import type { InvoiceRepo, PaymentLinkRow } from './repo'
import { checkInvoiceCurrency, type InvoiceService } from './service'
import type { InvoiceSync } from './sync'

const notFound = () => new DomainError('NOT_FOUND', 'Payment link not found')

export function closedReason(link: PaymentLinkRow, now: Date): PaymentLinkClosedReason | null {
  if (!link.active) return 'inactive'
  if (link.maxUses !== null && link.uses >= link.maxUses) return 'used_up'
  if (link.activeUntil && link.activeUntil.getTime() <= now.getTime()) return 'ended'
  return null
}

export function createPaymentLinks(deps: {
  repo: InvoiceRepo
  invoices: InvoiceService
  sync: InvoiceSync
  deviceSettings: DeviceSettingsService
  publicUrl: string
  now?: () => Date
}) {
  const { repo } = deps
  const now = deps.now ?? (() => new Date())
  const origin = new URL(deps.publicUrl).origin

  const view = (l: PaymentLinkRow & { paidCount?: string; paidSat?: string }) => ({
    id: l.id,
    url: `${origin}${paymentLinkPath(l.id)}`,
    name: l.name,
    description: l.description,
    amount: l.amount === null ? null : Number(l.amount),
    currency: l.currency as InvoiceCurrency,
    maxUses: l.maxUses,
    uses: l.uses,
    activeUntil: l.activeUntil,
    redirectUrl: l.redirectUrl,
    active: l.active,
    closed: closedReason(l, now()),
    paidCount: Number(l.paidCount ?? 0),
    paidSat: Number(l.paidSat ?? 0),
    createdAt: l.createdAt,
  })

  return {
    async create(businessId: string, input: z.output<typeof ZPaymentLinkInput>) {
      const business = await repo.business(businessId)
      if (!business) throw notFound()
      checkInvoiceCurrency(input.currency, business.currency)
      if (input.activeUntil && new Date(input.activeUntil).getTime() <= now().getTime()) {
        throw new DomainError('VALIDATION', 'The end date must be in the future')
      }
      const row = await repo.insertLink({
        id: newToken(12),
        businessId,
        name: input.name,
        description: input.description,
        amount: input.amount,
        currency: input.currency,
        maxUses: input.maxUses,
        activeUntil: input.activeUntil ? new Date(input.activeUntil) : null,
        redirectUrl: input.redirectUrl,
      })
      return view(row)
    },

    async list(businessId: string) {
      return (await repo.links(businessId)).map(view)
    },

    async setActive(businessId: string, id: string, active: boolean) {
      if (!(await repo.setLinkActive(businessId, id, active))) throw notFound()
      const link = await repo.link(id)
      if (!link) throw notFound()
      return view(link)
    },

    /** The link's public page. */
    async page(id: string): Promise<TPaymentLinkPage> {
      const link = await repo.link(id)
      if (!link) throw notFound()
      const settings = await deps.deviceSettings.get(link.businessId)
      return {
        id: link.id,
        business: { name: settings.displayName, logoUrl: settings.logoUrl },
        name: link.name,
        description: link.description,
        amount: link.amount === null ? null : Number(link.amount),
        currency: link.currency as InvoiceCurrency,
        closed: closedReason(link, now()),
      }
    },

    /** A customer's use: a new invoice of the link, ready to pay on its checkout page. */
    async use(id: string, amount: number | undefined, signal?: AbortSignal): Promise<TCheckout> {
      const link = await repo.link(id)
      if (!link) throw notFound()
      const closed = closedReason(link, now())
      if (closed) {
        throw new DomainError('PAYMENT_LINK_CLOSED', 'This payment link takes no more payments', {
          reason: closed,
        })
      }
      const fixed = link.amount === null ? null : Number(link.amount)
      if (fixed === null && amount === undefined) {
        throw new DomainError('VALIDATION', 'Enter the amount to pay')
      }
      const { invoice, created } = await deps.invoices.create(
        link.businessId,
        {
          amount: fixed ?? amount ?? 0,
          currency: link.currency as InvoiceCurrency,
          description: (link.description || link.name).slice(0, INVOICE_LIMITS.descriptionMax),
          redirectUrl: link.redirectUrl ?? undefined,
          expiryMinutes: INVOICE_LIMITS.defaultExpiryMinutes,
        },
        { paymentLinkId: link.id },
        signal,
        (trx) => repo.useLink(trx, link.id),
      )
      if (created) await deps.sync.created(invoice)
      return deps.invoices.checkout(invoice.id)
    },
  }
}

export type PaymentLinks = ReturnType<typeof createPaymentLinks>
