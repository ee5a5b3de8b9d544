/**
 * An invoice's status and exception, read from its payment: one rule for the API, the webhooks,
 * the checkout page and the dashboard.
 *
 * - Invalidated by the shop, or its payment failed: `invalid`.
 * - Its payment settled: `settled`, `paid_late` when after the invoice expired (on-chain, in the
 *   grace the address is still watched), `paid_over` when more arrived than asked, `paid_partial`
 *   when the merchant accepted less.
 * - On-chain money seen: the whole amount is `processing` until confirmed; less is `paid_partial`
 *   and the invoice stays `new` until it expires.
 * - Otherwise `new` until it expires, then `expired`.
 */
import type { PaymentStatus } from '../payments'
import type { InvoiceException, InvoiceStatus } from './invoices'

export interface InvoiceFacts {
  amountSat: number
  expiresAt: Date
  invalidatedAt: Date | null
  /** when its money was first seen (the server records it as it sees it), if it was */
  firstPaidAt: Date | null
}

export interface InvoicePaymentFacts {
  status: PaymentStatus
  receivedSat: number
  settledAt: Date | null
}

export interface InvoiceState {
  status: InvoiceStatus
  exception: InvoiceException | null
}

export function invoiceState(
  invoice: InvoiceFacts,
  payment: InvoicePaymentFacts | null,
  now: Date,
): InvoiceState {
  const received = payment?.receivedSat ?? 0
  const partial = received > 0 && received < invoice.amountSat
  const lapsed = now.getTime() >= invoice.expiresAt.getTime()
  if (payment?.status === 'settled') {
    const paidAt = invoice.firstPaidAt ?? payment.settledAt
    const late = paidAt !== null && paidAt > invoice.expiresAt
    const exception = late
      ? 'paid_late'
      : received > invoice.amountSat
        ? 'paid_over'
        : // the merchant accepted what arrived
          partial
          ? 'paid_partial'
          : null
    return { status: 'settled', exception }
  }
  if (invoice.invalidatedAt || payment?.status === 'failed') {
    return { status: 'invalid', exception: partial ? 'paid_partial' : null }
  }
  if (payment?.status === 'processing') {
    if (partial) return { status: lapsed ? 'expired' : 'new', exception: 'paid_partial' }
    return {
      status: 'processing',
      exception:
        received > invoice.amountSat
          ? 'paid_over'
          : invoice.firstPaidAt && invoice.firstPaidAt > invoice.expiresAt
            ? 'paid_late'
            : null,
    }
  }
  if (payment?.status === 'expired' || lapsed) {
    return { status: 'expired', exception: partial ? 'paid_partial' : null }
  }
  return { status: 'new', exception: null }
}

/** Whether the invoice can still be paid in full on its checkout page. */
export const isPayable = (state: InvoiceState) => state.status === 'new' && state.exception === null
