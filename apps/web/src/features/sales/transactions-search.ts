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
  const parsed = {
    status: listOf(PAYMENT_STATUSES, raw.status),
    method: listOf(PAYMENT_METHODS, raw.method),
    range: oneOf([...RANGE_PRESETS, 'custom'] as const, raw.range),
    from: textMatching(raw.from, DAY_KEY),
    to: textMatching(raw.to, DAY_KEY),
    q: typeof raw.q === 'string' && raw.q.length <= 200 ? raw.q : undefined,
    device: isUuid(raw.device) ? raw.device : undefined,
    staff: isUuid(raw.staff) ? raw.staff : undefined,
    payment: isUuid(raw.payment) ? raw.payment : undefined,
  }
  const search: TransactionsSearch = {}
  if (parsed.status) search.status = parsed.status
  if (parsed.method) search.method = parsed.method
  if (parsed.range === 'custom') {
    if (parsed.from || parsed.to) search.range = 'custom'
    if (parsed.from) search.from = parsed.from
    if (parsed.to) search.to = parsed.to
  } else if (parsed.range) search.range = parsed.range
  const q = parsed.q?.trim()
  if (q) search.q = q
  if (parsed.device) search.device = parsed.device
  if (parsed.staff) search.staff = parsed.staff
  if (parsed.payment) search.payment = parsed.payment
  return search
}
