import { describe, expect, it } from 'vitest'
import { formatDayKey, formatFiat, formatFiatCompact, formatSatAmount } from './sales-format'

describe('sales amounts', () => {
  // Intl puts no-break spaces between number and symbol; compare them as plain spaces.
  const plain = (s: string) => s.replace(/\s/g, ' ')

  it('shows minor units in the currency and language', () => {
    expect(formatFiat(123_456, 'GBP', 'en')).toBe('£1,234.56')
    expect(formatFiat(5, 'USD', 'en')).toBe('$0.05')
    expect(plain(formatFiat(123_456, 'EUR', 'de'))).toBe('1.234,56 €')
    expect(plain(formatFiat(0, 'EUR', 'fr'))).toBe('0,00 €')
    expect(plain(formatFiat(250, 'GBP', 'es'))).toBe('2,50 £')
  })

  it('shortens axis amounts', () => {
    expect(formatFiatCompact(123_456, 'GBP', 'en')).toBe('£1.2K')
  })

  it('groups sats', () => {
    expect(formatSatAmount(1_234_567, 'en')).toBe('1,234,567')
    expect(formatSatAmount(1_234_567, 'de')).toBe('1.234.567')
  })

  it('names the server’s UTC day whatever the local zone', () => {
    expect(formatDayKey('2026-03-01', { day: 'numeric', month: 'short' }, 'en')).toBe('Mar 1')
  })
})
