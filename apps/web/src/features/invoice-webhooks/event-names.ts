import { INVOICE_EVENT_NAMES, type InvoiceEvent } from '@app/domain'

/** The events in the order the form offers them. */
export const EVENTS: InvoiceEvent[] = [...INVOICE_EVENT_NAMES]

/** The locale key naming an event (`invoice.settled` → `invoiceWebhooks.events.settled`). */
export const eventKey = (event: string) =>
  `invoiceWebhooks.events.${event.replace(/^invoice\./, '')}` as 'invoiceWebhooks.events.test'
