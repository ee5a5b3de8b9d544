import { describe, expect, it } from 'vitest'
import {
  CHARGE_METHODS,
  FINAL_PAYMENT_STATUSES,
  isFinalStatus,
  isPaymentMethod,
  isPaymentStatus,
  OPEN_PAYMENT_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
} from './payments'

describe('payment statuses', () => {
  it('are each either open or final', () => {
    const all = [...OPEN_PAYMENT_STATUSES, ...FINAL_PAYMENT_STATUSES].sort()
    expect(all).toEqual([...PAYMENT_STATUSES].sort())
    expect(PAYMENT_STATUSES.filter(isFinalStatus)).toEqual(['settled', 'expired', 'failed'])
  })

  it('recognise only their own names', () => {
    expect(isPaymentStatus('settled')).toBe(true)
    expect(isPaymentStatus('paid')).toBe(false)
  })
})

describe('payment methods', () => {
  it('include the two a cashier charges with', () => {
    expect(PAYMENT_METHODS).toEqual(['lightning', 'onchain', 'ecash', 'tip'])
    expect(CHARGE_METHODS.every(isPaymentMethod)).toBe(true)
    expect(isPaymentMethod('card')).toBe(false)
  })
})
