/**
 * The transactions page's filters as they live in the URL: read when the route tree loads, so
 * this module is part of every page's first load and holds nothing else (what the filters mean
 * to the server is in `transaction-filters.ts`).
 */
import {
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  type PaymentMethod,
  type PaymentStatus,
} from '@app/domain'
import { isUuid } from '@/lib/uuid'

export const RANGE_PRESETS = ['today', '7d', '30d'] as const

export type RangePreset = (typeof RANGE_PRESETS)[number]

const DAY_KEY = /^\d{4}-\d{2}-\d{2}$/

export interface TransactionsSearch {
  status?: PaymentStatus[]
  method?: PaymentMethod[]
  range?: RangePreset | 'custom'
  /** first day of a custom range, YYYY-MM-DD */
  from?: string
  /** last day of a custom range (inclusive), YYYY-MM-DD */
  to?: string
  q?: string
  /** taken at this device / by this staff member (their ids) */
  device?: string
  staff?: string
  /** the payment whose detail is open over the list (its id, as in the CSV) */
  payment?: string
}

// Plain checks rather than a schema library: this runs when the route tree loads, so it is part
// of every page's first load.
/** The allowed values a URL list names, in their own order; anything but a list of text: none. */
function listOf<T extends string>(allowed: readonly T[], value: unknown): T[] | undefined {
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) return undefined
  const picked = allowed.filter((v) => value.includes(v))
  return picked.length > 0 ? picked : undefined
}

function textMatching(value: unknown, pattern: RegExp): string | undefined {
  return typeof value === 'string' && pattern.test(value) ? value : undefined
}

function oneOf<T extends string>(allowed: readonly T[], value: unknown): T | undefined {
  return allowed.find((v) => v === value)
}

/** Reads the URL leniently: anything unknown or malformed is dropped, never an error page. */
export function parseTransactionsSearch(raw: Record<string, unknown>): TransactionsSearch {
  const range = oneOf([...RANGE_PRESETS, 'custom'] as const, raw.range)
  const from = range === 'custom' ? textMatching(raw.from, DAY_KEY) : undefined
  const to = range === 'custom' ? textMatching(raw.to, DAY_KEY) : undefined
  const uuid = (value: unknown) => (isUuid(value) ? value : undefined)
  const parsed: TransactionsSearch = {
    status: listOf(PAYMENT_STATUSES, raw.status),
    method: listOf(PAYMENT_METHODS, raw.method),
    // a custom range without either day is no range
    range: range === 'custom' && !from && !to ? undefined : range,
    from,
    to,
    q: (typeof raw.q === 'string' && raw.q.length <= 200 && raw.q.trim()) || undefined,
    device: uuid(raw.device),
    staff: uuid(raw.staff),
    payment: uuid(raw.payment),
  }
  // only what is set: equal searches compare equal and URLs stay short
  return Object.fromEntries(Object.entries(parsed).filter(([, value]) => value !== undefined))
}
