/**
 * The "New payment link" form's values and how they become the server's `ZPaymentLinkInput`:
 * an amount typed in major units ("12.50") in the business currency or whole sats, and one of
 * the limits (none, one use, N uses, until the end of a day).
 */
import {
  MAX_PAYMENT_SAT,
  PAYMENT_LINK_LIMITS,
  parseMoneyToMinor,
  type InvoiceCurrency,
  type TPaymentLinkInput,
} from '@app/domain'

export type AmountType = 'fixed' | 'open'
export type LinkLimit = 'none' | 'once' | 'uses' | 'until'

export interface LinkFormValues {
  name: string
  description: string
  amountType: AmountType
  /** the business currency (GBP, USD, EUR) or SAT */
  currency: InvoiceCurrency
  amount: string
  limit: LinkLimit
  maxUses: string
  /** a day, `YYYY-MM-DD` (the date input's value); the link ends when that day does */
  until: string
  redirectUrl: string
}

export const emptyLinkForm = (currency: InvoiceCurrency): LinkFormValues => ({
  name: '',
  description: '',
  amountType: 'fixed',
  currency,
  amount: '',
  limit: 'none',
  maxUses: '',
  until: '',
  redirectUrl: '',
})

/** Whole sats as typed, with or without digit grouping ("21 000", "21,000"); null if not. */
export function parseSats(text: string): number | null {
  const compact = text.trim().replace(/[\s\u00a0\u202f'.,]/g, '')
  if (!/^\d+$/.test(compact)) return null
  const sat = Number(compact)
  return Number.isSafeInteger(sat) ? sat : null
}

/** The typed amount in minor units (or sats for SAT): null when it is not an amount. */
export function parseLinkAmount(text: string, currency: string): number | null {
  return currency === 'SAT' ? parseSats(text) : parseMoneyToMinor(text)
}

/** The end of the given local day (`YYYY-MM-DD`), or null when it is not a day. */
export function endOfDay(day: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  if (!m) return null
  const end = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 59, 999)
  return Number.isNaN(end.getTime()) ? null : end
}

export type LinkFormProblem =
  | 'amountRequired'
  | 'amountInvalid'
  | 'amountTooLarge'
  | 'maxUsesInvalid'
  | 'untilRequired'
  | 'untilPast'
  | 'redirectInvalid'

/** What is wrong with each field, keyed by field; empty when the values can be sent. */
export function linkFormProblems(
  values: LinkFormValues,
  now: Date,
): Partial<Record<keyof LinkFormValues, LinkFormProblem>> {
  const problems: Partial<Record<keyof LinkFormValues, LinkFormProblem>> = {}
  if (values.amountType === 'fixed') {
    if (values.amount.trim() === '') problems.amount = 'amountRequired'
    else {
      const amount = parseLinkAmount(values.amount, values.currency)
      if (amount === null || amount <= 0) problems.amount = 'amountInvalid'
      else if (values.currency === 'SAT' && amount > MAX_PAYMENT_SAT) {
        problems.amount = 'amountTooLarge'
      }
    }
  }
  if (values.limit === 'uses') {
    const uses = /^\d+$/.test(values.maxUses.trim()) ? Number(values.maxUses.trim()) : NaN
    if (!(uses >= 1 && uses <= PAYMENT_LINK_LIMITS.maxUses)) problems.maxUses = 'maxUsesInvalid'
  }
  if (values.limit === 'until') {
    const end = endOfDay(values.until)
    if (!end) problems.until = 'untilRequired'
    else if (end.getTime() <= now.getTime()) problems.until = 'untilPast'
  }
  const url = values.redirectUrl.trim()
  if (url !== '' && !isHttpUrl(url)) problems.redirectUrl = 'redirectInvalid'
  return problems
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
  } catch {
    return false
  }
}

/** The link to create from valid values (check `linkFormProblems` first). */
export function toLinkInput(values: LinkFormValues): TPaymentLinkInput {
  const fixed = values.amountType === 'fixed'
  const maxUses =
    values.limit === 'once' ? 1 : values.limit === 'uses' ? Number(values.maxUses.trim()) : null
  const end = values.limit === 'until' ? endOfDay(values.until) : null
  const url = values.redirectUrl.trim()
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    amount: fixed ? parseLinkAmount(values.amount, values.currency) : null,
    currency: values.currency,
    maxUses,
    activeUntil: end ? end.toISOString() : null,
    redirectUrl: url === '' ? null : url,
  }
}
