/**
 * lnd's REST replies the wallet adapter reads, parsed (int64 strings become numbers, base64
 * hashes hex) and mapped to the wallet port's types.
 */
import { z } from 'zod'
import type { InvoiceStatus, SendOutcome, Settlement } from '../wallet'
import { b64 } from './lnd-client'

/** An int64 as lnd and loopd write it: a string (or a number); absent is 0. */
export const int64 = z.union([z.string(), z.number()]).default('0').transform(Number)
/** A repeated field: absent or null is empty. */
export const list = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .nullish()
    .transform((v) => v ?? [])

export const ZLndAddInvoice = z.object({ r_hash: z.string(), payment_request: z.string() })

export const ZLndInvoice = z.object({
  r_hash: z.string(),
  payment_request: z.string().default(''),
  creation_date: int64,
  settle_date: int64,
  expiry: int64,
  settle_index: int64,
  amt_paid_sat: int64,
  state: z.enum(['OPEN', 'SETTLED', 'CANCELED', 'ACCEPTED']),
})
type LndInvoice = z.infer<typeof ZLndInvoice>

export const ZLndInvoiceList = z.object({ invoices: z.array(ZLndInvoice).default([]) })

export const ZLndPayment = z.object({
  payment_hash: z.string(),
  payment_preimage: z.string().default(''),
  status: z.enum(['UNKNOWN', 'IN_FLIGHT', 'SUCCEEDED', 'FAILED', 'INITIATED']),
  fee_sat: int64,
  fee_msat: int64,
  failure_reason: z.string().default('FAILURE_REASON_NONE'),
})
export type LndPayment = z.infer<typeof ZLndPayment>

export const ZLndChannelBalance = z.object({
  local_balance: z.object({ sat: int64 }).optional(),
  balance: int64,
})

export const ZLndChainBalance = z.object({ confirmed_balance: int64 })

const isPastExpiry = (inv: LndInvoice, nowMs: number) =>
  nowMs >= (inv.creation_date + inv.expiry) * 1000

/** lnd turns unpaid invoices CANCELED at expiry: those read as expired, others as canceled. */
export function toInvoiceStatus(inv: LndInvoice, nowMs = Date.now()): InvoiceStatus {
  const paymentHash = b64.toHex(inv.r_hash)
  const base = { paymentHash, amountPaidSat: 0, settledAt: null }
  switch (inv.state) {
    case 'SETTLED':
      return {
        paymentHash,
        state: 'settled',
        amountPaidSat: inv.amt_paid_sat,
        settledAt: new Date(inv.settle_date * 1000),
      }
    case 'CANCELED':
      return { ...base, state: isPastExpiry(inv, nowMs) ? 'expired' : 'canceled' }
    case 'OPEN':
      return { ...base, state: isPastExpiry(inv, nowMs) ? 'expired' : 'open' }
    // a payment is held but not yet settled: still open, whatever the clock says
    case 'ACCEPTED':
      return { ...base, state: 'open' }
  }
}

export function toSettlement(inv: LndInvoice): Settlement {
  return {
    paymentHash: b64.toHex(inv.r_hash),
    amountPaidSat: inv.amt_paid_sat,
    settledAt: new Date(inv.settle_date * 1000),
  }
}

/** A payment lnd finished (succeeded or failed). */
export function toSendOutcome(p: LndPayment): SendOutcome {
  const isSucceeded = p.status === 'SUCCEEDED'
  return {
    status: isSucceeded ? 'succeeded' : 'failed',
    feeSat: isSucceeded ? Math.ceil(p.fee_msat / 1000) || p.fee_sat : 0,
    preimage: isSucceeded && p.payment_preimage ? p.payment_preimage : null,
    failureReason: isSucceeded
      ? null
      : p.failure_reason.replace(/^FAILURE_REASON_/, '').toLowerCase(),
  }
}
