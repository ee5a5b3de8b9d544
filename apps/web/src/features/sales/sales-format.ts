/** How sales amounts and days read on screen: fiat in the business currency, sats beneath. */
import { currentLanguage } from '@/lib/i18n'

/** Minor units to the currency's own format: 123456 pence -> "£1,234.56". */
export function formatFiat(minor: number, currency: string, language = currentLanguage()): string {
  const format = new Intl.NumberFormat(language, {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
  })
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2
  return format.format(minor / 10 ** digits)
}

/** A short fiat amount for chart axes: "£1.2K". */
export function formatFiatCompact(
  minor: number,
  currency: string,
  language = currentLanguage(),
): string {
  const digits =
    new Intl.NumberFormat(language, { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 2
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(minor / 10 ** digits)
}

/** Whole sats with the reader's digit grouping: "12,345". */
export function formatSatAmount(amountSat: number, language = currentLanguage()): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(amountSat)
}

/** "Mon 3" for a UTC day key "2026-03-02": the day the server counted, not the local one. */
export function formatDayKey(
  day: string,
  options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short' },
  language = currentLanguage(),
): string {
  return new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  )
}

export function formatDateTime(value: Date, language = currentLanguage()): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    value,
  )
}
