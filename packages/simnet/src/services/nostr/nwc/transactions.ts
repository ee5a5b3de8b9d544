/** Lightning invoices and payments of a wallet node in the NIP-47 transaction shape. */
import type { DecodedInvoice, LnInvoice, LnPayment } from '../../../world/lightning-api'

export type TransactionState = 'pending' | 'settled' | 'accepted' | 'expired' | 'failed'

/** Every field is present: strings empty and times null when they do not apply, as Alby Hub sends. */
export interface Nip47Transaction {
  type: 'incoming' | 'outgoing'
  state: TransactionState
  invoice: string
  description: string
  description_hash: string
  preimage: string
  payment_hash: string
  /** msat */
  amount: number
  /** msat */
  fees_paid: number
  created_at: number
  expires_at: number | null
  settled_at: number | null
}

function invoiceState(inv: LnInvoice, nowSec: number): TransactionState {
  const isPastExpiry = nowSec >= inv.createdAt + inv.expirySec
  switch (inv.state) {
    case 'SETTLED':
      return 'settled'
    case 'ACCEPTED':
      return 'accepted'
    // lnd cancels invoices that expire unpaid: those read as expired, others as failed
    case 'CANCELED':
      return isPastExpiry ? 'expired' : 'failed'
    case 'OPEN':
      return isPastExpiry ? 'expired' : 'pending'
  }
}

export function incomingTransaction(inv: LnInvoice, nowSec: number): Nip47Transaction {
  const isSettled = inv.state === 'SETTLED'
  return {
    type: 'incoming',
    state: invoiceState(inv, nowSec),
    invoice: inv.paymentRequest,
    description: inv.memo,
    description_hash: inv.descriptionHash ?? '',
    // the preimage is the proof of payment: only revealed once paid
    preimage: isSettled ? inv.preimage : '',
    payment_hash: inv.paymentHash,
    amount: isSettled && inv.amtPaidMsat > 0 ? inv.amtPaidMsat : inv.valueMsat,
    fees_paid: 0,
    created_at: inv.createdAt,
    expires_at: inv.createdAt + inv.expirySec,
    settled_at: isSettled ? (inv.settledAt ?? inv.createdAt) : null,
  }
}

const PAYMENT_STATE: Record<LnPayment['status'], TransactionState> = {
  IN_FLIGHT: 'pending',
  SUCCEEDED: 'settled',
  FAILED: 'failed',
}

function paymentCreatedAt(p: LnPayment): number {
  return Number(BigInt(p.creationTimeNs) / 1_000_000_000n)
}

/**
 * `decoded` is the payment's BOLT11 when it still decodes; `settledAt` the second the wallet saw
 * it succeed (the world's payment record has no settle time).
 */
export function outgoingTransaction(
  p: LnPayment,
  decoded: DecodedInvoice | undefined,
  settledAt: number | undefined,
): Nip47Transaction {
  const createdAt = paymentCreatedAt(p)
  const isSettled = p.status === 'SUCCEEDED'
  return {
    type: 'outgoing',
    state: PAYMENT_STATE[p.status],
    invoice: p.paymentRequest,
    description: decoded?.description ?? '',
    description_hash: decoded?.descriptionHash ?? '',
    preimage: p.preimage ?? '',
    payment_hash: p.paymentHash,
    amount: p.valueMsat,
    fees_paid: p.feeMsat,
    created_at: createdAt,
    expires_at: decoded ? decoded.timestamp + decoded.expirySec : null,
    settled_at: isSettled ? (settledAt ?? createdAt) : null,
  }
}
