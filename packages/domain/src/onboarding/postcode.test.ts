import { describe, expect, it } from 'vitest'
import { isPlausiblePostcode } from './postcode'

describe('isPlausiblePostcode', () => {
  it.each(['SW1A 1AA', '10115', '1012 AB', 'D02 X285', '75008', '28-100', 'H3Z 2Y7', ' 8001 '])(
    'takes %j',
    (postcode) => expect(isPlausiblePostcode(postcode)).toBe(true),
  )

  it.each([
    'not a postcode !!!',
    'ABCDE',
    '1',
    '12345678901',
    '-1234',
    '1234-',
    '12_34',
    '12.345',
    '',
    '   ',
  ])('refuses %j', (postcode) => expect(isPlausiblePostcode(postcode)).toBe(false))
})
