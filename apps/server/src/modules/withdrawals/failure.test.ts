import { describe, expect, it } from 'vitest'
import { failureCode } from './failure'

describe('the reason a withdrawal keeps', () => {
  it('is a catalogue code, never what the wallet said', () => {
    expect(failureCode('failed', 'FAILURE_REASON_NO_ROUTE')).toBe('WITHDRAW_NO_ROUTE')
    expect(failureCode('failed', 'FAILURE_REASON_TIMEOUT')).toBe('WITHDRAW_NO_ROUTE')
    expect(failureCode('failed', 'FAILURE_REASON_INSUFFICIENT_BALANCE')).toBe(
      'WITHDRAW_INSUFFICIENT_FUNDS',
    )
    expect(failureCode('failed', 'FAILURE_REASON_INCORRECT_PAYMENT_DETAILS')).toBe(
      'WITHDRAW_INVALID_INVOICE',
    )
    expect(failureCode('failed', 'never reached the wallet')).toBe('WITHDRAW_NOT_SENT')
    expect(failureCode('failed', 'EFunding:Unknown withdraw key')).toBe('WITHDRAW_PAYMENT_FAILED')
    expect(failureCode('failed', 'WITHDRAW_IN_PROGRESS')).toBe('WITHDRAW_IN_PROGRESS')
  })

  it('is empty while the withdrawal has not failed', () => {
    expect(failureCode('unknown', 'no answer from the wallet')).toBeNull()
    expect(failureCode('succeeded', null)).toBeNull()
    expect(failureCode('failed', null)).toBeNull()
  })
})
