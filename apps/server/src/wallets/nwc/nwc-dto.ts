/**
 * NIP-47 transactions (amounts in msat, times in unix seconds) mapped to the wallet port's
 * types. Wallets differ in which fields they fill, so every field is read defensively.
 */
import type { Nip47Transaction } from '@getalby/sdk/nwc'
import type { InvoiceState, InvoiceStatus, Settlement } from '../wallet'
import { decodeBolt11 } from '../wallet-support'

export const msatToSat = (msat: number) => Math.floor(msat / 1000)

function paymentHashOf(tx: Nip47Transaction): string {
  return tx.payment_hash || decodeBolt11(tx.invoice).paymentHash
}

function stateOf(tx: Nip47Transaction, nowMs: number): InvoiceState {
  const state = tx.state as string
  const isPastExpiry = !!tx.expires_at && nowMs >= tx.expires_at * 1000
  if (state === 'settled') return 'settled'
  if (state === 'expired') return 'expired'
  if (state === 'failed') return isPastExpiry ? 'expired' : 'canceled'
  // 'accepted' holds a payment that is not settled yet: open whatever the clock says
  if (state === 'accepted') return 'open'
  return isPastExpiry ? 'expired' : 'open'
}

export function toInvoiceStatus(tx: Nip47Transaction, nowMs = Date.now()): InvoiceStatus {
  const state = stateOf(tx, nowMs)
  const isSettled = state === 'settled'
  return {
    paymentHash: paymentHashOf(tx),
    state,
    amountPaidSat: isSettled ? msatToSat(tx.amount) : 0,
    settledAt: isSettled ? new Date((tx.settled_at || Math.floor(nowMs / 1000)) * 1000) : null,
  }
}

/** A settled incoming transaction as a settlement; null for anything else. */
export function toSettlement(tx: Nip47Transaction): Settlement | null {
  if (tx.type !== 'incoming' || tx.state !== 'settled') return null
  const status = toInvoiceStatus(tx)
  return {
    paymentHash: status.paymentHash,
    amountPaidSat: status.amountPaidSat,
    settledAt: status.settledAt ?? new Date(),
  }
}
