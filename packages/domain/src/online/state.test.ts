import { describe, expect, it } from 'vitest'
import { invoiceState, isPayable, type InvoicePaymentFacts } from './state'

const expiresAt = new Date('2026-11-28T12:15:00Z')
const before = new Date('2026-11-28T12:10:00Z')
const after = new Date('2026-11-28T12:20:00Z')
const invoice = { amountSat: 10_000, expiresAt, invalidatedAt: null, firstPaidAt: null }
const pay = (p: Partial<InvoicePaymentFacts>): InvoicePaymentFacts => ({
  status: 'pending',
  receivedSat: 0,
  settledAt: null,
  ...p,
})

describe('invoiceState', () => {
  it('is new until it expires, then expired', () => {
    expect(invoiceState(invoice, pay({}), before)).toEqual({ status: 'new', exception: null })
    expect(invoiceState(invoice, null, before)).toEqual({ status: 'new', exception: null })
    expect(invoiceState(invoice, pay({}), after)).toEqual({ status: 'expired', exception: null })
    expect(invoiceState(invoice, pay({ status: 'expired' }), before).status).toBe('expired')
  })

  it('is processing with the whole amount seen, settled once paid', () => {
    const seen = pay({ status: 'processing', receivedSat: 10_000 })
    expect(invoiceState(invoice, seen, before)).toEqual({ status: 'processing', exception: null })
    // confirmed after the expiry, but seen before it: not late
    expect(
      invoiceState(
        { ...invoice, firstPaidAt: before },
        pay({ status: 'settled', receivedSat: 10_000, settledAt: after }),
        after,
      ),
    ).toEqual({ status: 'settled', exception: null })
  })

  it('tells part, over and late payments apart', () => {
    const part = pay({ status: 'processing', receivedSat: 4_000 })
    expect(invoiceState(invoice, part, before)).toEqual({
      status: 'new',
      exception: 'paid_partial',
    })
    expect(invoiceState(invoice, part, after)).toEqual({
      status: 'expired',
      exception: 'paid_partial',
    })
    const over = pay({ status: 'settled', receivedSat: 12_000, settledAt: before })
    expect(invoiceState(invoice, over, before)).toEqual({
      status: 'settled',
      exception: 'paid_over',
    })
    const late = { ...invoice, firstPaidAt: after }
    expect(invoiceState(late, pay({ status: 'processing', receivedSat: 10_000 }), after)).toEqual({
      status: 'processing',
      exception: 'paid_late',
    })
    expect(
      invoiceState(late, pay({ status: 'settled', receivedSat: 10_000, settledAt: after }), after),
    ).toEqual({ status: 'settled', exception: 'paid_late' })
    // a part payment the merchant accepted (after the expiry; the money came before)
    expect(
      invoiceState(
        { ...invoice, firstPaidAt: before },
        pay({ status: 'settled', receivedSat: 4_000, settledAt: after }),
        after,
      ),
    ).toEqual({ status: 'settled', exception: 'paid_partial' })
  })

  it('is invalid when invalidated or its payment failed, unless paid', () => {
    const invalidated = { ...invoice, invalidatedAt: before }
    expect(invoiceState(invalidated, pay({}), before)).toEqual({
      status: 'invalid',
      exception: null,
    })
    expect(invoiceState(invoice, pay({ status: 'failed' }), before).status).toBe('invalid')
    const paid = pay({ status: 'settled', receivedSat: 10_000, settledAt: before })
    expect(invoiceState(invalidated, paid, before).status).toBe('settled')
  })

  it('is payable only while new with nothing unusual', () => {
    expect(isPayable({ status: 'new', exception: null })).toBe(true)
    expect(isPayable({ status: 'new', exception: 'paid_partial' })).toBe(false)
    expect(isPayable({ status: 'expired', exception: null })).toBe(false)
  })
})
