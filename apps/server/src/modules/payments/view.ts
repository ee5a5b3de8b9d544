import { satToBtcString } from '@app/domain'
import type { PaymentRow } from './row'

/** What pages see of a payment. */
export function paymentView(row: PaymentRow) {
  return {
    id: row.id,
    method: row.method,
    status: row.status,
    amountSat: row.amountSat,
    receivedSat: row.receivedSat,
    feeSat: row.feeSat,
    fiatMinor: row.fiatMinor,
    currency: row.currency,
    memo: row.memo,
    paymentHash: row.paymentHash,
    paymentRequest: row.paymentRequest,
    address: row.address,
    bip21: row.address
      ? `bitcoin:${row.address}?amount=${satToBtcString(row.amountSat)}${
          row.paymentRequest ? `&lightning=${row.paymentRequest}` : ''
        }`
      : null,
    txid: row.txid,
    confirmations: row.confirmations,
    expiresAt: row.expiresAt,
    settledAt: row.settledAt,
    failureReason: row.failureReason,
    createdAt: row.createdAt,
  }
}
export type PaymentView = ReturnType<typeof paymentView>

export const isFinal = (status: PaymentRow['status']) =>
  status === 'settled' || status === 'expired' || status === 'failed'
