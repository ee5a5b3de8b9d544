import { describe, expect, it } from 'vitest'
import { formatCountdown, formatKeyedFiat, shortenMiddle } from './payment-format'

// Intl puts narrow no-break spaces between number and symbol in some languages.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')

describe('amounts on screen', () => {
  it('shows fiat as it is being typed, decimal point included', () => {
    expect(formatKeyedFiat('', 'GBP', 'en')).toBe('£0')
    expect(formatKeyedFiat('12', 'GBP', 'en')).toBe('£12')
    expect(formatKeyedFiat('12.', 'GBP', 'en')).toBe('£12.')
    expect(formatKeyedFiat('12.5', 'GBP', 'en')).toBe('£12.5')
    expect(formatKeyedFiat('1234.05', 'USD', 'en')).toBe('$1,234.05')
    expect(plain(formatKeyedFiat('12.', 'EUR', 'de'))).toBe('12, €')
    expect(plain(formatKeyedFiat('12.5', 'EUR', 'fr'))).toBe('12,5 €')
  })
})

describe('long strings', () => {
  it('shortens an invoice in the middle and leaves short text alone', () => {
    const invoice = 'lnbcrt250u1pjabcdefghijklmnopqrstuvwxyz0123456789'
    expect(shortenMiddle(invoice, 8)).toBe('lnbcrt25…23456789')
    expect(shortenMiddle('short', 8)).toBe('short')
  })

  it('counts down in minutes and seconds', () => {
    expect(formatCountdown(899)).toBe('14:59')
    expect(formatCountdown(5)).toBe('00:05')
    expect(formatCountdown(-3)).toBe('00:00')
    expect(formatCountdown(86_399)).toBe('23:59:59')
  })
})
