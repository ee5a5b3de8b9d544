/**
 * Amounts written beside each other on the pages that show money in sats: what sats are worth
 * in the business's currency, and an exchange's bitcoin amount in whole sats. Kept apart from
 * money-format, which the terminal's first load carries.
 */
import { isCurrencyCode, satToFiatMinor } from '@app/domain'
import { currentLocale } from './i18n'
import { formatFiat } from './money-format'

/**
 * What `amountSat` is worth in `currency` at a price in minor units a bitcoin ("£0.62"); null
 * while no price is known, so a page shows the sats alone.
 */
export function formatFiatOfSats(
  amountSat: number,
  currency: string,
  minorPerBtc: number | null | undefined,
  language: string = currentLocale(),
): string | null {
  if (minorPerBtc == null || !isCurrencyCode(currency)) return null
  return formatFiat(satToFiatMinor(amountSat, minorPerBtc), currency, language)
}

/** A sats text with its worth beside it when known: "1,234 sats (£0.62)". */
export function withFiat(satsText: string, fiatText: string | null): string {
  return fiatText ? `${satsText} (${fiatText})` : satsText
}

/**
 * A bitcoin amount an exchange reports as a decimal ("0.0012345678"), cut to whole sats: at
 * most eight decimals, as "0.00123456 BTC".
 */
export function btcTextToSat(btc: string | number): number {
  const text = typeof btc === 'number' ? btc.toFixed(10) : btc.trim()
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text)
  if (!match || !/\d/.test(text)) return Number.NaN
  const whole = match[1] || '0'
  const fraction = ((match[2] ?? '') + '00000000').slice(0, 8)
  return Number(whole) * 100_000_000 + Number(fraction)
}
