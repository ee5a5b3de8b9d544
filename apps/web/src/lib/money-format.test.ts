import { satToBtcFixed as satsToBtc } from '@app/domain'
import { describe, expect, it } from 'vitest'
import {
  addressGroups,
  bip21WithAmount,
  decimalMark,
  formatBtc,
  formatFiat,
  formatFiatCompact,
  formatFiatNarrow,
  formatSatNumber,
} from './money-format'

// Intl puts narrow no-break spaces between number and symbol in some languages.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')

describe('amounts on screen', () => {
  it('formats fiat minor units in the language and currency', () => {
    expect(formatFiat(1250, 'GBP', 'en')).toBe('£12.50')
    expect(plain(formatFiat(123456, 'EUR', 'de'))).toBe('1.234,56 €')
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

describe('sales amounts', () => {
  // Intl puts no-break spaces between number and symbol; compare them as plain spaces.
  const plain = (s: string) => s.replace(/\s/g, ' ')

  it('shows minor units in the currency and language', () => {
    expect(formatFiatNarrow(123_456, 'GBP', 'en')).toBe('£1,234.56')
    expect(formatFiatNarrow(5, 'USD', 'en')).toBe('$0.05')
    expect(plain(formatFiatNarrow(123_456, 'EUR', 'de'))).toBe('1.234,56 €')
    expect(plain(formatFiatNarrow(0, 'EUR', 'fr'))).toBe('0,00 €')
    expect(plain(formatFiatNarrow(250, 'GBP', 'es'))).toBe('2,50 £')
  })

  it('shortens axis amounts', () => {
    expect(formatFiatCompact(123_456, 'GBP', 'en')).toBe('£1.2K')
  })

  it('groups sats', () => {
    expect(formatSatNumber(1_234_567, 'en')).toBe('1,234,567')
    expect(formatSatNumber(1_234_567, 'de')).toBe('1.234.567')
  })
})

describe('addressGroups', () => {
  it('groups an address by four', () => {
    expect(addressGroups('bcrt1qxyzabc')).toEqual(['bcrt', '1qxy', 'zabc'])
  })

  it('splits an address into groups of four, the last one shorter', () => {
    expect(addressGroups('bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080')).toEqual([
      'bcrt',
      '1qw5',
      '08d6',
      'qejx',
      'tdg4',
      'y5r3',
      'zarv',
      'ary0',
      'c5xw',
      '7kyg',
      't080',
    ])
    expect(addressGroups('abcdef')).toEqual(['abcd', 'ef'])
    expect(addressGroups('')).toEqual([])
  })
})

describe('satsToBtc', () => {
  it('writes sats as bitcoin with all eight decimals', () => {
    expect(satsToBtc(200_000)).toBe('0.00200000')
    expect(satsToBtc(123_456_789)).toBe('1.23456789')
    expect(satsToBtc(1)).toBe('0.00000001')
  })
})

describe('bip21WithAmount', () => {
  it('asks for the new amount and keeps the address and label', () => {
    expect(
      bip21WithAmount('bitcoin:bcrt1qxyz?amount=0.0025&label=Channel%20deposit', 150_000),
    ).toBe('bitcoin:bcrt1qxyz?amount=0.00150000&label=Channel+deposit')
    expect(bip21WithAmount('bitcoin:bcrt1qxyz', 1)).toBe('bitcoin:bcrt1qxyz?amount=0.00000001')
  })
})
