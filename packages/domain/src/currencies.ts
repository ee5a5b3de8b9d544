/**
 * The fiat currencies a business can price and report in: GBP, USD and EUR, each with two
 * decimal places. Amounts in them are integer minor units (pence, cents).
 */

export const CURRENCIES = [
  { code: 'GBP', label: 'British Pound', symbol: '£' },
  { code: 'USD', label: 'US Dollar', symbol: '$' },
  { code: 'EUR', label: 'Euro', symbol: '€' },
] as const

type Currency = (typeof CURRENCIES)[number]
export type CurrencyCode = Currency['code']

export const CURRENCY_CODES = CURRENCIES.map((c) => c.code) as [CurrencyCode, ...CurrencyCode[]]

/** A payment is charged in USD when its business has not chosen a currency. */
export const DEFAULT_CURRENCY: CurrencyCode = 'USD'

/** All three currencies have two decimal places. */
export const FIAT_DECIMALS = 2
export const MINOR_PER_MAJOR = 10 ** FIAT_DECIMALS

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return (CURRENCY_CODES as readonly unknown[]).includes(value)
}

/** `value` when it names a currency, otherwise the default one (USD). */
export function currencyOrDefault(value: unknown): CurrencyCode {
  return isCurrencyCode(value) ? value : DEFAULT_CURRENCY
}

export function currencySymbol(code: CurrencyCode): string {
  return CURRENCIES.find((c) => c.code === code)?.symbol ?? code
}
