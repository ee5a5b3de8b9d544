/**
 * What other modules may use of payments: the payment service and its views, reading payment
 * rows, the channel changes are announced on (and announcing one), and the refusal of a
 * payment. Every business's wallet comes from `wallets/wallet-provider.ts`.
 */
export type { PaymentService } from './service'
export { refusal, type BusinessRef, type RequestContext } from './receive'
export { INVOICE_EXPIRY_SEC } from './requests'
export { paymentEventId } from './follow'
export { paymentView, type PaymentView } from './view'
export type { PaymentRepo } from './repo'
export { PAYMENT_EVENTS_CHANNEL, type PaymentEvent, type PaymentRow } from './row'
export { announce } from './write-repo'
