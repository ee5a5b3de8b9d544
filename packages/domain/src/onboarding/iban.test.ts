import { describe, expect, it } from 'vitest'
import { formatIban, isValidIban, normalizeIban } from './iban'

describe('isValidIban', () => {
  it.each(['GB82 WEST 1234 5698 7654 32', 'DE89370400440532013000', 'fr1420041010050500013m02606'])(
    'accepts %j',
    (iban) => {
      expect(isValidIban(iban)).toBe(true)
    },
  )

  it.each([
    ['GB82 WEST 1234 5698 7654 33', 'a wrong check digit'],
    ['DE89', 'too short'],
    ['1289370400440532013000', 'no country'],
    ['DE89 3704 0044 0532 0130 00!', 'a stray character'],
  ])('refuses %j (%s)', (iban) => {
    expect(isValidIban(iban)).toBe(false)
  })
})

describe('formatIban', () => {
  it('groups by four in upper case', () => {
    expect(formatIban('gb82west12345698765432')).toBe('GB82 WEST 1234 5698 7654 32')
    expect(normalizeIban(' gb82 west ')).toBe('GB82WEST')
  })
})
