/** How keyed amounts, invoices and countdowns read on the take-payment screens. */
import type { CurrencyCode } from '@app/domain'
import { numberFormat } from '@/lib/format'
import { currentLocale } from '@/lib/i18n'
import { decimalMark } from '@/lib/money-format'

/**
 * The keyed fiat text as it is being typed: "12." shows "£12.", "12.5" shows "£12.5", nothing
 * keyed shows "£0". The currency symbol sits where the language puts it.
 */
export function formatKeyedFiat(
  entry: string,
  currency: CurrencyCode,
  language: string = currentLocale(),
): string {
  const [whole = '', fraction = ''] = entry.split('.')
  const hasPoint = entry.includes('.')
  const value = Number(whole || '0') + Number(`0.${fraction || '0'}`)
  const parts = numberFormat(language, {
    style: 'currency',
    currency,
    minimumFractionDigits: fraction.length,
    maximumFractionDigits: fraction.length,
  }).formatToParts(value)
  if (!hasPoint || fraction.length > 0) return parts.map((p) => p.value).join('')
  // A point just typed: show the language's decimal mark after the last digits.
  const mark = decimalMark(language)
  const lastInteger = parts.map((p) => p.type).lastIndexOf('integer')
  return parts.map((p, i) => (i === lastInteger ? p.value + mark : p.value)).join('')
}

/** "lnbcrt10u1pj…q9x3f0" — the start and end a person compares, the middle left out. */
export function shortenMiddle(text: string, keep = 12): string {
  return text.length <= keep * 2 + 1 ? text : `${text.slice(0, keep)}…${text.slice(-keep)}`
}

/** "04:59" for 299 seconds; hours only when there are some. */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds))
  const h = Math.floor(seconds / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  const s = seconds % 60
  const mmss = `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`
  return h > 0 ? `${h}:${mmss}` : mmss
}
