/**
 * Dates and times on the terminal, its receipts and reports follow the terminal's language and
 * the country of its business: an English terminal in a British shop is not American.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dateLocale, formatDate, setDateRegion } from '@/lib/format'
import { i18n } from '@/lib/i18n'

const at = new Date('2026-11-27T11:42:00Z')
const short = { dateStyle: 'short', timeStyle: 'short', timeZone: 'UTC' } as const

beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: ['en', 'de', 'es', 'fr', 'nl'],
    resources: {},
  })
})
afterAll(async () => {
  setDateRegion(null)
  await i18n.changeLanguage('en')
})

describe('dates at the terminal', () => {
  it('names the language in the country of the business', () => {
    expect(dateLocale('en', 'GBP')).toBe('en-GB')
    expect(dateLocale('en', 'USD')).toBe('en-US')
    expect(dateLocale('en', 'EUR')).toBe('en-IE')
    expect(dateLocale('nl', 'EUR')).toBe('nl-NL')
    expect(dateLocale('de', null)).toBe('de')
  })

  it('writes a British terminal’s dates and times the British way', async () => {
    await i18n.changeLanguage('en')
    setDateRegion('GBP')
    expect(formatDate(at, short)).toBe('27/11/2026, 11:42')
    expect(formatDate(at, { timeZone: 'UTC' })).toBe('27 Nov 2026')
    expect(formatDate(at, { dateStyle: undefined, timeStyle: 'short', timeZone: 'UTC' })).toBe(
      '11:42',
    )
  })

  it('writes an American terminal’s the American way', () => {
    setDateRegion('USD')
    expect(formatDate(at, short).replace(/\s/g, ' ')).toBe('11/27/26, 11:42 AM')
  })

  it('follows the language a staff member switches to', async () => {
    setDateRegion('GBP')
    await i18n.changeLanguage('nl')
    expect(formatDate(at, short)).toBe('27-11-2026, 11:42')
    setDateRegion('EUR')
    await i18n.changeLanguage('de')
    expect(formatDate(at, { timeZone: 'UTC' })).toBe('27.11.2026')
  })
})
