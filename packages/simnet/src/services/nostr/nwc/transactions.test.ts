import { describe, expect, it } from 'vitest'
import type { DecodedInvoice, LnInvoice, LnPayment } from '../../../world/lightning-api'
import { incomingTransaction, outgoingTransaction } from './transactions'

const invoice: LnInvoice = {
  paymentHash: 'aa'.repeat(32),
  preimage: 'bb'.repeat(32),
  paymentAddr: 'cc'.repeat(32),
  paymentRequest: 'lnbcrt10u1example',
  memo: 'latte',
  descriptionHash: null,
  valueMsat: 1_000_000,
  createdAt: 1_700_000_000,
  expirySec: 600,
  state: 'OPEN',
  settledAt: null,
  amtPaidMsat: 0,
  addIndex: 1,
  settleIndex: 0,
}

describe('incoming transactions', () => {
  it('reads an open invoice as pending, without revealing the preimage', () => {
    expect(incomingTransaction(invoice, invoice.createdAt + 10)).toEqual({
      type: 'incoming',
      state: 'pending',
      invoice: 'lnbcrt10u1example',
      description: 'latte',
      description_hash: '',
      preimage: '',
      payment_hash: invoice.paymentHash,
      amount: 1_000_000,
      fees_paid: 0,
      created_at: 1_700_000_000,
      expires_at: 1_700_000_600,
      settled_at: null,
    })
  })

  it('reads an unpaid invoice past its expiry as expired, also once cancelled for it', () => {
    const later = invoice.createdAt + 601
    expect(incomingTransaction(invoice, later).state).toBe('expired')
    expect(incomingTransaction({ ...invoice, state: 'CANCELED' }, later).state).toBe('expired')
    expect(incomingTransaction({ ...invoice, state: 'CANCELED' }, invoice.createdAt).state).toBe(
      'failed',
    )
  })

  it('reads a settled invoice with the amount paid, preimage and settle time', () => {
    const settled = {
      ...invoice,
      state: 'SETTLED' as const,
      settledAt: 1_700_000_100,
      amtPaidMsat: 1_200_000,
    }
    expect(incomingTransaction(settled, 1_700_000_200)).toMatchObject({
      state: 'settled',
      preimage: invoice.preimage,
      amount: 1_200_000,
      settled_at: 1_700_000_100,
    })
  })
})

describe('outgoing transactions', () => {
  const payment: LnPayment = {
    paymentHash: 'dd'.repeat(32),
    preimage: 'ee'.repeat(32),
    paymentRequest: 'lnbcrt50u1example',
    valueMsat: 5_000_000,
    feeMsat: 1_000,
    status: 'SUCCEEDED',
    failureReason: 'FAILURE_REASON_NONE',
    creationTimeNs: '1700000050123456789',
    paymentIndex: 1,
  }
  const decoded: DecodedInvoice = {
    destination: '02'.padEnd(66, '1'),
    paymentHash: payment.paymentHash,
    valueMsat: 5_000_000,
    timestamp: 1_700_000_000,
    expirySec: 3600,
    description: 'supplier',
    descriptionHash: null,
    paymentAddr: 'ff'.repeat(32),
    cltvExpiry: 80,
  }

  it('carries the fee, the invoice description and its expiry', () => {
    expect(outgoingTransaction(payment, decoded, 1_700_000_051)).toEqual({
      type: 'outgoing',
      state: 'settled',
      invoice: 'lnbcrt50u1example',
      description: 'supplier',
      description_hash: '',
      preimage: payment.preimage,
      payment_hash: payment.paymentHash,
      amount: 5_000_000,
      fees_paid: 1_000,
      created_at: 1_700_000_050,
      expires_at: 1_700_003_600,
      settled_at: 1_700_000_051,
    })
  })

  it('reads a failed payment as failed with no settle time', () => {
    const failed = { ...payment, status: 'FAILED' as const, preimage: null }
    expect(outgoingTransaction(failed, undefined, undefined)).toMatchObject({
      state: 'failed',
      preimage: '',
      settled_at: null,
      expires_at: null,
    })
  })
})
