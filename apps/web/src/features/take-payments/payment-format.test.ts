import { describe, expect, it } from 'vitest'
import {
  addressGroups,
  decimalMark,
  formatCountdown,
  formatFiat,
  formatKeyedFiat,
  formatBtc,
  satsToBtc,
  shortenMiddle,
} from './payment-format'

// Intl puts narrow no-break spaces between number and symbol in some languages.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')

describe('amounts on screen', () => {
  it('formats fiat minor units in the language and currency', () => {
    expect(formatFiat(1250, 'GBP', 'en')).toBe('£12.50')
    expect(plain(formatFiat(123456, 'EUR', 'de'))).toBe('1.234,56 €')
  })

  it('shows fiat as it is being typed, decimal point included', () => {
    expect(formatKeyedFiat('', 'GBP', 'en')).toBe('£0')
    expect(formatKeyedFiat('12', 'GBP', 'en')).toBe('£12')
    expect(formatKeyedFiat('12.', 'GBP', 'en')).toBe('£12.')
    expect(formatKeyedFiat('12.5', 'GBP', 'en')).toBe('£12.5')
    expect(formatKeyedFiat('1234.05', 'USD', 'en')).toBe('$1,234.05')
    expect(plain(formatKeyedFiat('12.', 'EUR', 'de'))).toBe('12, €')
    expect(plain(formatKeyedFiat('12.5', 'EUR', 'fr'))).toBe('12,5 €')
  })

  it('names the decimal mark of the language', () => {
    expect(decimalMark('en')).toBe('.')
    expect(decimalMark('de')).toBe(',')
  })

  it('writes sats as bitcoin with eight decimals', () => {
    expect(satsToBtc(25_000)).toBe('0.00025000')
    expect(satsToBtc(123_456_789)).toBe('1.23456789')
    expect(formatBtc(25_000, 'en')).toBe('0.00025000 BTC')
    expect(formatBtc(2_100_000_000_000_001, 'de')).toBe('21.000.000,00000001 BTC')
  })
})

describe('long strings', () => {
  it('shortens an invoice in the middle and leaves short text alone', () => {
    const invoice = 'lnbcrt250u1pjabcdefghijklmnopqrstuvwxyz0123456789'
    expect(shortenMiddle(invoice, 8)).toBe('lnbcrt25…23456789')
    expect(shortenMiddle('short', 8)).toBe('short')
  })

  it('groups an address by four', () => {
    expect(addressGroups('bcrt1qxyzabc')).toEqual(['bcrt', '1qxy', 'zabc'])
  })

  it('counts down in minutes and seconds', () => {
    expect(formatCountdown(899)).toBe('14:59')
    expect(formatCountdown(5)).toBe('00:05')
    expect(formatCountdown(-3)).toBe('00:00')
    expect(formatCountdown(86_399)).toBe('23:59:59')
  })
})
