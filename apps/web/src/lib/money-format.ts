/**
 * How amounts read on screen in the user's language: fiat minor units in their currency, sats
 * with digit grouping, bitcoin with all eight decimals. The amounts themselves and their
 * conversions are the domain's (`@app/domain`); this is only how they are written.
 */
import { FIAT_DECIMALS, satToBtcFixed } from '@app/domain'
import { numberFormat } from './format'
import { currentLocale } from './i18n'

function fiatFormat(
  language: string,
  currency: string,
  options: Intl.NumberFormatOptions = {},
): Intl.NumberFormat {
  return numberFormat(language, { style: 'currency', currency, ...options })
}

/** 1250 GBP minor units as "£12.50" (en) or "12,50 £" (de): the till's amounts. */
export function formatFiat(
  fiatMinor: number,
  currency: string,
  language: string = currentLocale(),
): string {
  return fiatFormat(language, currency, {
    minimumFractionDigits: FIAT_DECIMALS,
    maximumFractionDigits: FIAT_DECIMALS,
  }).format(fiatMinor / 10 ** FIAT_DECIMALS)
}

/**
 * Minor units with the currency's narrow symbol, "$" rather than "US$" whatever the language:
 * the sales reports' amounts.
 */
export function formatFiatNarrow(
  minor: number,
  currency: string,
  language: string = currentLocale(),
): string {
  const format = fiatFormat(language, currency, { currencyDisplay: 'narrowSymbol' })
  const digits = format.resolvedOptions().maximumFractionDigits ?? FIAT_DECIMALS
  return format.format(minor / 10 ** digits)
}

/** A short fiat amount for chart axes: "£1.2K". */
export function formatFiatCompact(
  minor: number,
  currency: string,
  language: string = currentLocale(),
): string {
  const digits =
    fiatFormat(language, currency).resolvedOptions().maximumFractionDigits ?? FIAT_DECIMALS
  return fiatFormat(language, currency, {
    currencyDisplay: 'narrowSymbol',
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(minor / 10 ** digits)
}

/** "." in English, "," in German, French and Spanish. */
export function decimalMark(language: string = currentLocale()): string {
  return (
    numberFormat(language)
      .formatToParts(1.5)
      .find((p) => p.type === 'decimal')?.value ?? '.'
  )
}

/** Whole sats with the reader's digit grouping: 12345 as "12,345" (en) or "12.345" (de). */
export function formatSatNumber(amountSat: number, language: string = currentLocale()): string {
  return numberFormat(language, { maximumFractionDigits: 0 }).format(amountSat)
}

/** 12,345 sats as "0.00012345" (en) or "0,00012345" (de), exact to the sat. */
export function formatBtcNumber(amountSat: number, language: string = currentLocale()): string {
  // Intl formats a decimal string exactly; a float could round the last sat.
  const value = satToBtcFixed(amountSat) as `${number}`
  return numberFormat(language, { minimumFractionDigits: 8, maximumFractionDigits: 8 }).format(
    value,
  )
}

/** 12,345 sats as "0.00012345 BTC" (en) or "0,00012345 BTC" (de), exact to the sat. */
export function formatBtc(amountSat: number, language: string = currentLocale()): string {
  return `${formatBtcNumber(amountSat, language)} BTC`
}

/** An address in groups of four characters, easier to compare with what a wallet shows. */
export function addressGroups(address: string): string[] {
  return address.match(/.{1,4}/g) ?? []
}

/** A BIP21 payment link asking for `amountSat` instead of the amount it named. */
export function bip21WithAmount(bip21: string, amountSat: number): string {
  const [target = '', query = ''] = bip21.split('?', 2)
  const params = new URLSearchParams(query)
  params.set('amount', satToBtcFixed(amountSat))
  return `${target}?${params.toString()}`
}
