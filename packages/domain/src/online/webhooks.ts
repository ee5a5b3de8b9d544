/**
 * A business's webhooks for invoice events: each call a POST of the event as JSON, signed as the
 * POS webhooks are (HMAC-SHA256 of `<timestamp>.<raw body>` under the `whsec_` secret), retried
 * after 10 s, after a minute, then every 10 minutes six times.
 */
import { z } from 'zod'
import { ZInvoice } from './invoices'

export const INVOICE_EVENTS = {
  'invoice.created': 'An invoice was created',
  'invoice.processing': 'The whole amount was seen on-chain, not yet confirmed',
  'invoice.settled': 'The invoice was paid',
  'invoice.expired': 'The invoice expired unpaid (or paid only in part)',
  'invoice.invalid': 'The invoice was invalidated, or its payment failed',
  'invoice.paid_late': 'Money arrived after the invoice expired',
} as const
export type InvoiceEvent = keyof typeof INVOICE_EVENTS
export const INVOICE_EVENT_NAMES = Object.keys(INVOICE_EVENTS) as [InvoiceEvent, ...InvoiceEvent[]]
/** A call made from the dashboard to try a webhook; it names no invoice of the business. */
export const TEST_EVENT = 'test'

/** Waits before each retry of a delivery that failed: 10 s, 1 min, then 10 min six times. */
export const WEBHOOK_RETRY_DELAYS_SEC = [10, 60, 600, 600, 600, 600, 600, 600] as const

/** How many webhooks a business may have. */
export const BUSINESS_WEBHOOKS_MAX = 10
/** The delivery log's page size in the dashboard, and the most one page may ask for. */
export const WEBHOOK_DELIVERIES_PAGE = 25
export const WEBHOOK_DELIVERIES_PAGE_MAX = 100

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number]

export const ZBusinessWebhookInput = z.object({
  url: z.url({ protocol: /^https?$/ }).max(500),
  events: z
    .array(z.enum(INVOICE_EVENT_NAMES))
    .min(1)
    .transform((e) => [...new Set(e)]),
})
export type TBusinessWebhookInput = z.input<typeof ZBusinessWebhookInput>

export const ZInvoiceWebhookPayload = z.object({
  deliveryId: z.uuid().describe('The same on every retry and on a redelivery of it'),
  event: z.union([z.enum(INVOICE_EVENT_NAMES), z.literal(TEST_EVENT)]),
  createdAt: z.string().describe('When the event happened'),
  invoice: ZInvoice.nullable().describe('The invoice as it was then; null for a test event'),
})
export type TInvoiceWebhookPayload = z.infer<typeof ZInvoiceWebhookPayload>
