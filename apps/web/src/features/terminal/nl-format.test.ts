/**
 * A terminal whose staff member reads Dutch writes dates, times and amounts in Dutch: receipts,
 * the paid screen and the reports format with the language in use, Dutch included (the
 * dashboard's four languages aside).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatDate, formatNumber } from '@/lib/format'
import { currentLanguage, currentLocale, i18n } from '@/lib/i18n'
import { decimalMark, formatFiat, formatSatNumber } from '@/lib/money-format'

// Intl puts narrow no-break spaces between number and symbol in some languages.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')
const at = new Date('2026-03-04T17:05:00Z')

beforeAll(async () => {
  await i18n.init({
    lng: 'nl',
    fallbackLng: 'en',
    supportedLngs: ['en', 'de', 'es', 'fr', 'nl'],
    resources: {},
  })
})
afterAll(async () => {
  await i18n.changeLanguage('en')
})

describe('Dutch formatting at the terminal', () => {
  it('writes dates, times and numbers in Dutch while the terminal speaks Dutch', () => {
    expect(currentLocale()).toBe('nl')
    // the dashboard's language choice still knows its four languages
    expect(currentLanguage()).toBe('en')
    expect(formatDate(at, { dateStyle: 'long', timeZone: 'UTC' })).toBe('4 maart 2026')
    expect(formatDate(at, { dateStyle: 'short', timeStyle: 'short', timeZone: 'UTC' })).toBe(
      '04-03-2026, 17:05',
    )
    expect(formatNumber(1234.5)).toBe('1.234,5')
    expect(plain(formatFiat(123456, 'EUR'))).toBe('€ 1.234,56')
    expect(formatSatNumber(21000)).toBe('21.000')
    expect(decimalMark()).toBe(',')
  })

  it('goes back to the language chosen next', async () => {
    await i18n.changeLanguage('de')
    expect(currentLocale()).toBe('de')
    expect(formatDate(at, { dateStyle: 'long', timeZone: 'UTC' })).toBe('4. März 2026')
    await i18n.changeLanguage('nl')
    expect(formatDate(at, { dateStyle: 'long', timeZone: 'UTC' })).toBe('4 maart 2026')
  })
})
