import { describe, expect, it } from 'vitest'
import { isUuid } from '@/lib/uuid'
import { minorToInput, newRefundKey, parseRefundAmount } from './refund-amount'

describe('the refund amount', () => {
  it('reads fiat with a point or a comma, and whole sats', () => {
    expect(parseRefundAmount('12.5', 'fiat')).toBe(1250)
    expect(parseRefundAmount('12,50', 'fiat')).toBe(1250)
    expect(parseRefundAmount('3', 'fiat')).toBe(300)
    expect(parseRefundAmount('2100', 'sat')).toBe(2100)
    for (const bad of ['', '0', '1.234', 'abc', '-5', '0,00']) {
      expect(parseRefundAmount(bad, 'fiat')).toBeNull()
    }
    expect(parseRefundAmount('12.5', 'sat')).toBeNull()
    expect(minorToInput(1250)).toBe('12.50')
  })

  it('names each refund with a new UUID', () => {
    const a = newRefundKey()
    expect(isUuid(a)).toBe(true)
    expect(newRefundKey()).not.toBe(a)
  })
})
