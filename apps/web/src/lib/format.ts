/**
 * Dates and numbers in the user's language. Dates also follow the country the business trades
 * in (`setDateRegion`, which the terminal sets from its business's currency): an English
 * terminal in a British shop writes "27/11/2026, 11:42", an American one "11/27/26, 11:42 AM".
 */
import { currentLocale, dateRegionCurrency } from './i18n'

export { setDateRegion } from './i18n'

/** Where each currency's businesses are, for dates; the euro's is the language's own country. */
const REGION_OF_CURRENCY: Record<string, string> = { GBP: 'GB', USD: 'US' }
const EURO_REGION: Record<string, string> = { en: 'IE', de: 'DE', es: 'ES', fr: 'FR', nl: 'NL' }

/** The locale dates are written in: the language, in the country of a business in `currency`. */
export function dateLocale(language: string, currency: string | null | undefined): string {
  const region =
    currency === 'EUR' ? EURO_REGION[language] : currency && REGION_OF_CURRENCY[currency]
  if (!region) return language
  try {
    return Intl.getCanonicalLocales(`${language}-${region}`)[0] ?? language
  } catch {
    return language
  }
}

export function formatDate(value: Date, options: Intl.DateTimeFormatOptions = {}): string {
  const locale = dateLocale(currentLocale(), dateRegionCurrency())
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', ...options }).format(value)
}

export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  return new Intl.NumberFormat(currentLocale(), options).format(value)
}

/**
 * 1.5 as "1.5%" (en) or "1,5 %" (de, with a non-breaking space): a percentage in the user's
 * language that never breaks across lines.
 */
export function formatPercent(percent: number, language: string = currentLocale()): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 }).format(
    percent / 100,
  )
}
