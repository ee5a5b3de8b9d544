import { describe, expect, it } from 'vitest'
import {
  CURRENCIES,
  CURRENCY_CODES,
  currencyOrDefault,
  currencySymbol,
  DEFAULT_CURRENCY,
  isCurrencyCode,
} from './currencies'

describe('currencies', () => {
  it('are GBP, USD and EUR, each with a label and a symbol', () => {
    expect(CURRENCY_CODES).toEqual(['GBP', 'USD', 'EUR'])
    expect(CURRENCIES.map((c) => [c.code, c.label, c.symbol])).toEqual([
      ['GBP', 'British Pound', '£'],
      ['USD', 'US Dollar', '$'],
      ['EUR', 'Euro', '€'],
    ])
    expect(currencySymbol('EUR')).toBe('€')
  })

  it('recognise a currency code and fall back to USD for anything else', () => {
    expect(isCurrencyCode('GBP')).toBe(true)
    expect(isCurrencyCode('gbp')).toBe(false)
    expect(isCurrencyCode(null)).toBe(false)
    expect(currencyOrDefault('EUR')).toBe('EUR')
    expect(currencyOrDefault(null)).toBe(DEFAULT_CURRENCY)
    expect(DEFAULT_CURRENCY).toBe('USD')
  })
})
