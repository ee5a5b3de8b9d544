/** Dates and numbers in the user's language. */
import { currentLanguage } from './i18n'

export function formatDate(value: Date, options: Intl.DateTimeFormatOptions = {}): string {
  return new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium', ...options }).format(
    value,
  )
}

export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  return new Intl.NumberFormat(currentLanguage(), options).format(value)
}
