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

/**
 * Formats are made once per locale and options: making an `Intl` format is what costs (a list or
 * a sales chart formats hundreds of values in a render), using one is cheap.
 */
function cached<TOptions, TFormat>(make: (locale: string, options?: TOptions) => TFormat) {
  const made = new Map<string, TFormat>()
  return (locale: string, options?: TOptions): TFormat => {
    const key = `${locale}|${JSON.stringify(options ?? {})}`
    let format = made.get(key)
    if (!format) {
      format = make(locale, options)
      made.set(key, format)
    }
    return format
  }
}

/** The `Intl.NumberFormat` for a language and options (made once). */
export const numberFormat = cached(
  (locale: string, options?: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options),
)

/** The `Intl.DateTimeFormat` for a locale and options (made once). */
export const dateTimeFormat = cached(
  (locale: string, options?: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, options),
)

export function formatDate(value: Date, options: Intl.DateTimeFormatOptions = {}): string {
  const locale = dateLocale(currentLocale(), dateRegionCurrency())
  return dateTimeFormat(locale, { dateStyle: 'medium', ...options }).format(value)
}

export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  return numberFormat(currentLocale(), options).format(value)
}

/**
 * 1.5 as "1.5%" (en) or "1,5 %" (de, with a non-breaking space): a percentage in the user's
 * language that never breaks across lines.
 */
export function formatPercent(percent: number, language: string = currentLocale()): string {
  return numberFormat(language, { style: 'percent', maximumFractionDigits: 2 }).format(
    percent / 100,
  )
}
