/** Dates and numbers in the user's language. */
import { currentLocale } from './i18n'

export function formatDate(value: Date, options: Intl.DateTimeFormatOptions = {}): string {
  return new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', ...options }).format(value)
}

export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  return new Intl.NumberFormat(currentLocale(), options).format(value)
}
