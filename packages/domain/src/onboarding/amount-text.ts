/**
 * Amounts as people type and read them, in a currency, stored as integer minor units (all three
 * currencies have two decimal places).
 */
import { MINOR_PER_MAJOR, type CurrencyCode } from '../currencies'

/**
 * Reads an amount as people type it, whatever their language: "1,234.50", "1.234,50",
 * "1 234,5", "1234". A separator followed by three digits groups thousands; one followed by
 * one or two digits at the end marks the decimals. Anything else is not an amount (null).
 */
export function parseMoneyToMinor(text: string): number | null {
  const compact = text.trim().replace(/[\s\u00a0\u202f']/g, '')
  if (!/^\d[\d.,]*$/.test(compact)) return null
  let whole = compact
  let fraction = ''
  const decimals = /[.,](\d{1,2})$/.exec(compact)
  if (decimals) {
    whole = compact.slice(0, decimals.index)
    fraction = decimals[1] ?? ''
    // The decimal mark cannot also group thousands: "12.345.6" is a typing mistake.
    if (whole.includes(compact.charAt(decimals.index))) return null
  }
  // What remains may only use separators between groups of three digits.
  if (!/^\d{1,3}([.,]\d{3})*$/.test(whole) && !/^\d+$/.test(whole)) return null
  const digits = whole.replace(/[.,]/g, '')
  const minor = Number(digits) * MINOR_PER_MAJOR + Number(fraction.padEnd(2, '0'))
  return Number.isSafeInteger(minor) ? minor : null
}

/** Minor units as an input's starting text: "2500", "12.5" becomes "12.50" (in `language`). */
export function formatMinorForInput(minor: number, language: string): string {
  const hasCents = minor % MINOR_PER_MAJOR !== 0
  return new Intl.NumberFormat(language, {
    useGrouping: false,
    minimumFractionDigits: hasCents ? 2 : 0,
    maximumFractionDigits: 2,
  }).format(minor / MINOR_PER_MAJOR)
}

/** Minor units shown as money, "£1,234.50". */
export function formatMinor(minor: number, currency: CurrencyCode, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency }).format(
    minor / MINOR_PER_MAJOR,
  )
}
