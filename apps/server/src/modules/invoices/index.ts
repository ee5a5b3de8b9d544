/** What other modules may use of selling online: the invoice service's types. */
export type { InvoiceEventSink, InvoiceService } from './service'
export type { PaymentLinks } from './links'
export type { Checkout } from './checkout'
export { INVOICE_EVENTS_CHANNEL } from './repo'
export { registerInvoiceRoutes } from './http'
