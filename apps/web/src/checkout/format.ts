/** Amounts as the customer reads them: the invoice's currency, sats, bitcoin for wallets. */
import { MINOR_PER_MAJOR, type InvoiceCurrency } from '@app/domain'
import { currentLanguage, t } from './i18n'

/** 21345 as "21,345" (en) or "21.345" (de). */
export function formatNumber(value: number): string {
  return new Intl.NumberFormat(currentLanguage()).format(value)
}

/** "21,345 sats" */
export function formatSats(sats: number): string {
  return t('amount.sats', { sats: formatNumber(sats) })
}

/** An amount in its currency: fiat minor units as "€12.50" / "12,50 €", or sats. */
export function formatAmount(amount: number, currency: InvoiceCurrency): string {
  if (currency === 'SAT') return formatSats(amount)
  return new Intl.NumberFormat(currentLanguage(), { style: 'currency', currency }).format(
    amount / MINOR_PER_MAJOR,
  )
}

/**
 * What the customer types for an open amount, in major units ("12.50" or "12,50"; sats whole),
 * as minor units or sats; null when it is not a positive amount.
 */
export function parseAmountInput(text: string, currency: InvoiceCurrency): number | null {
  const cleaned = text.trim().replace(/[\s\u00a0\u202f']/g, '')
  if (currency === 'SAT') {
    // whole sats, digits grouped or not ("21,345", "21.345", "21345")
    if (!/^(\d{1,3}(?:[.,]\d{3})+|\d+)$/.test(cleaned)) return null
    const sats = Number(cleaned.replace(/[.,]/g, ''))
    return Number.isSafeInteger(sats) && sats > 0 ? sats : null
  }
  // one decimal mark (the last "." or "," followed by one or two digits), others group digits
  const match = /^(\d{1,3}(?:[.,]\d{3})*|\d+)(?:[.,](\d{1,2}))?$/.exec(cleaned)
  if (!match) return null
  const whole = Number((match[1] ?? '').replace(/[.,]/g, ''))
  const fraction = Number((match[2] ?? '').padEnd(2, '0'))
  const minor = whole * MINOR_PER_MAJOR + fraction
  return Number.isSafeInteger(minor) && minor > 0 ? minor : null
}
