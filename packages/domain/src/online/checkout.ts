/** What the public checkout page of an invoice reads: no secret, nothing of other invoices. */
import { z } from 'zod'
import { INVOICE_CURRENCIES, INVOICE_EXCEPTIONS, INVOICE_STATUSES } from './invoices'
import { PAYMENT_LINK_CLOSED_REASONS } from './links'

export const ZCheckout = z.object({
  id: z.uuid(),
  business: z.object({ name: z.string(), logoUrl: z.string().nullable() }),
  status: z.enum(INVOICE_STATUSES),
  exception: z.enum(INVOICE_EXCEPTIONS).nullable(),
  amount: z.number().int(),
  currency: z.enum(INVOICE_CURRENCIES),
  amountSat: z.number().int(),
  receivedSat: z.number().int(),
  description: z.string(),
  /** BOLT11, when Lightning can pay it */
  lightningInvoice: z.string().nullable(),
  address: z.string().nullable(),
  /** `bitcoin:` URI with the amount and, where both can, the Lightning invoice */
  bip21: z.string().nullable(),
  /** a Cashu token can be pasted to pay */
  acceptsEcash: z.boolean(),
  expiresAt: z.string(),
  /** when it was paid (the receipt's date) */
  settledAt: z.string().nullable(),
  /** the server's clock, so the countdown is right on a phone whose clock is off */
  serverTime: z.string(),
  redirectUrl: z.string().nullable(),
  /** the link it came from, which can make a fresh invoice once this one expired */
  paymentLinkId: z.string().nullable(),
})
export type TCheckout = z.infer<typeof ZCheckout>

/** A payment link as its public page shows it. */
export const ZPaymentLinkPage = z.object({
  id: z.string(),
  business: z.object({ name: z.string(), logoUrl: z.string().nullable() }),
  name: z.string(),
  description: z.string(),
  amount: z.number().int().nullable(),
  currency: z.enum(INVOICE_CURRENCIES),
  closed: z.enum(PAYMENT_LINK_CLOSED_REASONS).nullable(),
})
export type TPaymentLinkPage = z.infer<typeof ZPaymentLinkPage>

export const ZCheckoutEcash = z.object({ token: z.string().min(10).max(100_000) })

export { CHECKOUT_API, CHECKOUT_EVENT } from './checkout-paths'
