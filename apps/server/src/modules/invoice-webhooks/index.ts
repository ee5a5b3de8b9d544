/**
 * What other modules may use of the invoice webhooks: the invoice service enqueues an event's
 * deliveries in the transaction that records it (`enqueueInvoiceWebhooks`, or the service's
 * `enqueue`), and the API document lists the webhooks (`invoiceWebhooksOpenApi`).
 */
export { enqueueInvoiceWebhooks, INVOICE_WEBHOOKS_CHANNEL, type InvoiceWebhookEvent } from './repo'
export type { InvoiceWebhooks } from './service'
export { invoiceWebhooksOpenApi } from './openapi'
