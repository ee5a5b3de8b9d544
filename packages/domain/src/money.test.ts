import { describe, expect, it } from 'vitest'
import {
  fiatMinorToSat,
  isPayableSat,
  MAX_PAYMENT_SAT,
  MIN_PAYMENT_SAT,
  satToBtcFixed,
  satToBtcString,
  satToFiatMinor,
} from './money'

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

describe('conversion at the current price', () => {
  // £50,000.00 per bitcoin
  const gbpPerBtc = 5_000_000

  it('turns fiat into sats and back in whole units', () => {
    expect(fiatMinorToSat(1250, gbpPerBtc)).toBe(25_000)
    expect(satToFiatMinor(25_000, gbpPerBtc)).toBe(1250)
    expect(fiatMinorToSat(5_000_000, gbpPerBtc)).toBe(100_000_000)
  })

  it('rounds half up', () => {
    // 1 minor unit at 3 minor per BTC is 33,333,333.33… sats: rounds down
    expect(fiatMinorToSat(1, 3)).toBe(33_333_333)
    // 2 at 3 is 66,666,666.67: rounds up
    expect(fiatMinorToSat(2, 3)).toBe(66_666_667)
    // exactly half: 1 minor at 200,000,000 minor per BTC is 0.5 sat, rounds up to 1
    expect(fiatMinorToSat(1, 200_000_000)).toBe(1)
    // 50,000,000 sat at 1 minor per BTC is 0.5 minor: rounds up to 1
    expect(satToFiatMinor(50_000_000, 1)).toBe(1)
    expect(satToFiatMinor(49_999_999, 1)).toBe(0)
  })

  it('stays exact for large amounts at real prices', () => {
    // $97,123.45 per BTC, $9,999,999.99 keyed
    expect(fiatMinorToSat(999_999_999, 9_712_345)).toBe(10_296_174_600)
    expect(satToFiatMinor(100_000_000, 9_712_345)).toBe(9_712_345)
  })

  it('refuses a price that is not positive', () => {
    expect(() => fiatMinorToSat(100, 0)).toThrow(RangeError)
  })
})

describe('bitcoin as a decimal', () => {
  it('writes all eight decimals without a float', () => {
    expect(satToBtcFixed(12_345)).toBe('0.00012345')
    expect(satToBtcFixed(100_000_000)).toBe('1.00000000')
    expect(satToBtcFixed(2_100_000_000_000_000)).toBe('21000000.00000000')
  })
})

describe('what one payment may take', () => {
  it('takes from one sat to one bitcoin, in whole sats', () => {
    expect(MAX_PAYMENT_SAT).toBe(100_000_000)
    expect(isPayableSat(MIN_PAYMENT_SAT)).toBe(true)
    expect(isPayableSat(MAX_PAYMENT_SAT)).toBe(true)
    expect(isPayableSat(0)).toBe(false)
    expect(isPayableSat(MAX_PAYMENT_SAT + 1)).toBe(false)
    expect(isPayableSat(1.5)).toBe(false)
  })
})
