import { describe, expect, it } from 'vitest'
import { btcTextToSat, formatFiatOfSats, withFiat } from './money-beside'
import { formatBtc } from './money-format'

// Intl puts narrow no-break spaces between number and symbol in some languages.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')

describe('sats beside the business currency', () => {
  it('writes what sats are worth at the price, or nothing while no price is known', () => {
    // 100,000 sats at £50,000.00 a bitcoin
    expect(formatFiatOfSats(100_000, 'GBP', 5_000_000, 'en')).toBe('£50.00')
    expect(plain(formatFiatOfSats(1_234, 'EUR', 6_000_000, 'de') ?? '')).toBe('0,74 €')
    expect(formatFiatOfSats(100_000, 'GBP', null, 'en')).toBeNull()
    expect(formatFiatOfSats(100_000, 'GBP', undefined, 'en')).toBeNull()
    expect(formatFiatOfSats(100_000, 'XYZ', 5_000_000, 'en')).toBeNull()
  })

  it('puts the worth in brackets after the sats, or leaves the sats alone', () => {
    expect(withFiat('1,234 sats', '£0.62')).toBe('1,234 sats (£0.62)')
    expect(withFiat('1,234 sats', null)).toBe('1,234 sats')
  })
})

describe('bitcoin an exchange reports', () => {
  it('cuts ten decimals to whole sats, so BTC shows at most eight', () => {
    expect(btcTextToSat('0.0012345678')).toBe(123_456)
    expect(formatBtc(btcTextToSat('0.0012345678'), 'en')).toBe('0.00123456 BTC')
    expect(btcTextToSat('1.5')).toBe(150_000_000)
    expect(btcTextToSat('12')).toBe(1_200_000_000)
    expect(btcTextToSat('.5')).toBe(50_000_000)
    expect(btcTextToSat(0.0001)).toBe(10_000)
  })

  it('gives no number for text that is not an amount', () => {
    expect(btcTextToSat('abc')).toBeNaN()
    expect(btcTextToSat('-1')).toBeNaN()
    expect(btcTextToSat('')).toBeNaN()
  })
})
