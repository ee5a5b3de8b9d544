/** How amounts, invoices and addresses read on the take-payment screens, in the user's language. */
import { currentLanguage } from '@/lib/i18n'
import { FIAT_DECIMALS, type FiatCurrency } from './amount'

const SATS_PER_BTC = 100_000_000

function currencyFormat(language: string, currency: FiatCurrency, decimals: number) {
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  })
}

/** 1250 GBP minor units as "£12.50" (en) or "12,50 £" (de). */
export function formatFiat(
  fiatMinor: number,
  currency: FiatCurrency,
  language: string = currentLanguage(),
): string {
  return currencyFormat(language, currency, FIAT_DECIMALS).format(fiatMinor / 10 ** FIAT_DECIMALS)
}

/**
 * The keyed fiat text as it is being typed: "12." shows "£12.", "12.5" shows "£12.5", nothing
 * keyed shows "£0". The currency symbol sits where the language puts it.
 */
export function formatKeyedFiat(
  entry: string,
  currency: FiatCurrency,
  language: string = currentLanguage(),
): string {
  const [whole = '', fraction = ''] = entry.split('.')
  const hasPoint = entry.includes('.')
  const value = Number(whole || '0') + Number(`0.${fraction || '0'}`)
  const parts = currencyFormat(language, currency, fraction.length).formatToParts(value)
  if (!hasPoint || fraction.length > 0) return parts.map((p) => p.value).join('')
  // A point just typed: show the language's decimal mark after the last digits.
  const mark = decimalMark(language)
  const lastInteger = parts.map((p) => p.type).lastIndexOf('integer')
  return parts.map((p, i) => (i === lastInteger ? p.value + mark : p.value)).join('')
}

/** "." in English, "," in German, French and Spanish. */
export function decimalMark(language: string = currentLanguage()): string {
  return (
    new Intl.NumberFormat(language).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ??
    '.'
  )
}

/** 12345 as "12,345" (en) or "12.345" (de). */
export function formatSatNumber(amountSat: number, language: string = currentLanguage()): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(amountSat)
}

/** 12,345 sats as "0.00012345", without floating point. */
export function satsToBtc(amountSat: number): string {
  const whole = Math.floor(amountSat / SATS_PER_BTC)
  const fraction = String(amountSat % SATS_PER_BTC).padStart(8, '0')
  return `${whole}.${fraction}`
}

/** 12,345 sats as "0.00012345 BTC" (en) or "0,00012345 BTC" (de), exact to the sat. */
export function formatBtc(amountSat: number, language: string = currentLanguage()): string {
  // Intl formats a decimal string exactly; a float could round the last sat.
  const value = satsToBtc(amountSat) as `${number}`
  const text = new Intl.NumberFormat(language, {
    minimumFractionDigits: 8,
    maximumFractionDigits: 8,
  }).format(value)
  return `${text} BTC`
}

/** "lnbcrt10u1pj…q9x3f0" — the start and end a person compares, the middle left out. */
export function shortenMiddle(text: string, keep = 12): string {
  return text.length <= keep * 2 + 1 ? text : `${text.slice(0, keep)}…${text.slice(-keep)}`
}

/** An address in groups of four characters, easier to compare with what a wallet shows. */
export function addressGroups(address: string): string[] {
  return address.match(/.{1,4}/g) ?? []
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
