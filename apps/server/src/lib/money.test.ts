import { describe, expect, it } from 'vitest'
import { fiatMinorToSat, satToBtcString, satToFiatMinor } from './money'

describe('money', () => {
  it('converts sats to fiat minor units, rounding half up', () => {
    // 1 BTC = £50,000.00 = 5,000,000 pence: 1 sat = 0.05 p
    expect(satToFiatMinor(10, 5_000_000)).toBe(1) // 0.5 p -> 1 p
    expect(satToFiatMinor(9, 5_000_000)).toBe(0) // 0.45 p -> 0 p
    expect(satToFiatMinor(100_000_000, 5_000_000)).toBe(5_000_000)
    // all 21 million BTC at £100,000.00: exact in integer arithmetic
    expect(satToFiatMinor(2_100_000_000_000_000, 10_000_000)).toBe(210_000_000_000_000)
  })

  it('converts fiat minor units to sats, rounding half up', () => {
    // £12.50 at £50,000/BTC = 25,000 sat exactly
    expect(fiatMinorToSat(1250, 5_000_000)).toBe(25_000)
    // 1 p at $97,123.45: 10.296... sat -> 10 sat
    expect(fiatMinorToSat(1, 9_712_345)).toBe(10)
    // 3 p at 6,000,000: 50 sat exactly; 1 p at 4,000,000,000: 0.025 sat -> 0
    expect(fiatMinorToSat(3, 6_000_000)).toBe(50)
    expect(fiatMinorToSat(1, 4_000_000_000)).toBe(0)
    expect(() => fiatMinorToSat(1, 0)).toThrow()
  })

  it('writes BTC decimals without trailing zeros', () => {
    expect(satToBtcString(300_000)).toBe('0.003')
    expect(satToBtcString(100_000_000)).toBe('1')
    expect(satToBtcString(1)).toBe('0.00000001')
    expect(satToBtcString(123_456_789)).toBe('1.23456789')
  })
})
