import { describe, expect, it } from 'vitest'
import { customerLanguage } from './i18n'

describe("a receipt page's language", () => {
  it('is the first of the customer’s languages the terminal has, Dutch included', () => {
    expect(customerLanguage(['nl-NL', 'nl', 'en'])).toBe('nl')
    expect(customerLanguage(['pt-BR', 'de-AT', 'en'])).toBe('de')
    expect(customerLanguage(['FR'])).toBe('fr')
  })

  it('is English when the customer has none of them', () => {
    expect(customerLanguage(['pt-BR', 'ja'])).toBe('en')
    expect(customerLanguage([])).toBe('en')
  })
})
