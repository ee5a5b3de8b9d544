/**
 * Selling online: invoices a shop creates through the invoice API or a customer through a
 * payment link, each paid on its public checkout page (`/pay/{invoiceId}`) by Lightning,
 * on-chain (one BIP21 URI for both) or a Cashu token. An invoice is one payment of the payment
 * flow with the shop's order details around it; its state is read from that payment (`state.ts`).
 */
import { z } from 'zod'
import { CURRENCY_CODES } from '../currencies'
import { ZSafeText } from '../text'

/** Where an invoice stands, as the API, the webhooks and the checkout page say it. */
export const INVOICE_STATUSES = ['new', 'processing', 'settled', 'expired', 'invalid'] as const
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number]

/**
 * What went unusually with the money, beside the status: on-chain paid too little (the invoice
 * stays `new` until it expires), too much, or after the invoice expired.
 */
export const INVOICE_EXCEPTIONS = ['paid_partial', 'paid_over', 'paid_late'] as const
export type InvoiceException = (typeof INVOICE_EXCEPTIONS)[number]

/** The currencies an invoice can be priced in: sats, or one of the business currencies. */
export const INVOICE_CURRENCIES = ['SAT', ...CURRENCY_CODES] as const
export type InvoiceCurrency = (typeof INVOICE_CURRENCIES)[number]

/** Limits of an invoice's parts, the same for the API, the links and the checkout. */
export const INVOICE_LIMITS = {
  orderIdMax: 100,
  descriptionMax: 500,
  /** metadata as JSON text, in UTF-8 bytes */
  metadataMaxBytes: 4096,
  redirectUrlMax: 2000,
  /** the rate is held and the invoice payable this long by default */
  defaultExpiryMinutes: 15,
  minExpiryMinutes: 1,
  maxExpiryMinutes: 24 * 60,
} as const

// The checkout and payment-link pages' paths (in a module without zod, for the checkout bundle)
export {
  CHECKOUT_PAGE_PREFIXES,
  CHECKOUT_PATH_PREFIX,
  checkoutLanguage,
  checkoutMessagesPath,
  checkoutPageData,
  checkoutPath,
  isCheckoutPagePath,
  PAYMENT_LINK_PATH_PREFIX,
  paymentLinkPath,
} from './checkout-paths'

/** A URL the customer is sent back to: http or https only, never `javascript:` or `data:`. */
export const ZRedirectUrl = z.url({ protocol: /^https?$/ }).max(INVOICE_LIMITS.redirectUrlMax)

const metadataBytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length

/** Free-form data the shop keeps with an invoice and gets back in every answer and webhook. */
export const ZInvoiceMetadata = z
  .record(z.string().max(100), z.unknown())
  .refine((m) => metadataBytes(m) <= INVOICE_LIMITS.metadataMaxBytes, {
    message: `metadata must be at most ${INVOICE_LIMITS.metadataMaxBytes} bytes of JSON`,
  })

/** An idempotency key: the same key returns the same invoice; with other terms it is refused. */
export const ZIdempotencyKey = z
  .string()
  .min(8)
  .max(100)
  .regex(/^[\x21-\x7e]+$/)

export const ZInvoiceCreate = z.object({
  amount: z
    .number()
    .int()
    .positive()
    .describe('In minor units of `currency` (cents, pence), or sats when `currency` is SAT'),
  currency: z
    .enum(INVOICE_CURRENCIES)
    .describe("SAT, or the business's own currency (GBP, USD or EUR)"),
  orderId: ZSafeText.trim()
    .min(1)
    .max(INVOICE_LIMITS.orderIdMax)
    .optional()
    .describe("The shop's order id; invoices can be listed by it"),
  description: ZSafeText.trim()
    .max(INVOICE_LIMITS.descriptionMax)
    .default('')
    .describe('Shown to the customer on the checkout page'),
  metadata: ZInvoiceMetadata.optional().describe(
    'Kept with the invoice and returned as given (at most 4 KB of JSON)',
  ),
  redirectUrl: ZRedirectUrl.optional().describe(
    'Where the checkout page sends the customer back once paid (http or https)',
  ),
  expiryMinutes: z
    .number()
    .int()
    .min(INVOICE_LIMITS.minExpiryMinutes)
    .max(INVOICE_LIMITS.maxExpiryMinutes)
    .default(INVOICE_LIMITS.defaultExpiryMinutes)
    .describe('How long the invoice can be paid and its rate is held'),
  idempotencyKey: ZIdempotencyKey.optional().describe(
    'The same key returns the same invoice; with another amount or currency it is refused (409)',
  ),
})
export type TInvoiceCreate = z.input<typeof ZInvoiceCreate>

/** An invoice as the API and the webhooks give it. */
export const ZInvoice = z.object({
  id: z.uuid(),
  status: z.enum(INVOICE_STATUSES),
  exception: z.enum(INVOICE_EXCEPTIONS).nullable(),
  amount: z.number().int().describe('As created, in minor units of `currency` or sats'),
  currency: z.enum(INVOICE_CURRENCIES),
  amountSat: z.number().int().describe('The amount in sats at the rate held'),
  receivedSat: z.number().int(),
  orderId: z.string().nullable(),
  description: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  redirectUrl: z.string().nullable(),
  checkoutUrl: z.string().describe('The checkout page to send the customer to'),
  paymentLinkId: z.string().nullable(),
  lightningInvoice: z.string().nullable().describe('BOLT11'),
  address: z.string().nullable(),
  bip21: z.string().nullable(),
  expiresAt: z.string(),
  settledAt: z.string().nullable(),
  invalidatedAt: z.string().nullable(),
  createdAt: z.string(),
})
export type TInvoice = z.infer<typeof ZInvoice>

export const INVOICE_PAGE_MAX = 100

export const ZInvoiceListQuery = z.object({
  status: z.enum(INVOICE_STATUSES).optional(),
  orderId: ZSafeText.max(INVOICE_LIMITS.orderIdMax).optional(),
  limit: z.coerce.number().int().min(1).max(INVOICE_PAGE_MAX).default(25),
  cursor: z
    .string()
    .max(200)
    .optional()
    .describe('`nextCursor` of the previous page; the first page without one'),
})
export type TInvoiceListQuery = z.input<typeof ZInvoiceListQuery>

export const ZInvoiceList = z.object({
  invoices: z.array(ZInvoice),
  nextCursor: z.string().nullable(),
})

/** The same error shape as the POS API: a message and a code of the error catalogue. */
export const ZApiError = z.object({
  error: z.string(),
  code: z.string().describe('A code of the error catalogue'),
})
