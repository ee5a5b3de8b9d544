/**
 * The transactions page's filters as they live in the URL (so a filtered view can be shared
 * and survives a reload), and what they mean to the server: date presets and custom ranges
 * are whole days in the browser's time zone, `to` exclusive on the wire.
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
}

export interface ApiFilter {
  status?: PaymentStatus[]
  method?: PaymentMethod[]
  from?: Date
  to?: Date
  search?: string
  deviceId?: string
  staffId?: string
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
  return search
}

export function hasFilters(s: TransactionsSearch): boolean {
  return Boolean(s.status || s.method || s.range || s.q || s.device || s.staff)
}

function localMidnight(day: string): Date {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number)
  return new Date(y, m - 1, d)
}

function startOfDay(value: Date, daysBack = 0): Date {
  return new Date(value.getFullYear(), value.getMonth(), value.getDate() - daysBack)
}

/** The local day key of a date: "2026-03-15". */
export function dayKey(value: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`
}

/** What the server is asked for; presets count back from the start of today. */
export function toApiFilter(s: TransactionsSearch, now = new Date()): ApiFilter {
  const filter: ApiFilter = {}
  if (s.status) filter.status = s.status
  if (s.method) filter.method = s.method
  if (s.q) filter.search = s.q
  if (s.device) filter.deviceId = s.device
  if (s.staff) filter.staffId = s.staff
  if (s.range === 'today') filter.from = startOfDay(now)
  if (s.range === '7d') filter.from = startOfDay(now, 6)
  if (s.range === '30d') filter.from = startOfDay(now, 29)
  if (s.range === 'custom') {
    let [from, to] = [s.from, s.to]
    if (from && to && from > to) [from, to] = [to, from]
    if (from) filter.from = localMidnight(from)
    if (to) filter.to = startOfDay(localMidnight(to), -1)
  }
  return filter
}

/** The CSV download of everything the filter matches, with the same query the list uses. */
export function csvExportHref(businessId: string, filter: ApiFilter): string {
  const params = new URLSearchParams()
  if (filter.status) params.set('status', filter.status.join(','))
  if (filter.method) params.set('method', filter.method.join(','))
  if (filter.from) params.set('from', filter.from.toISOString())
  if (filter.to) params.set('to', filter.to.toISOString())
  if (filter.search) params.set('search', filter.search)
  if (filter.deviceId) params.set('deviceId', filter.deviceId)
  if (filter.staffId) params.set('staffId', filter.staffId)
  const query = params.toString()
  return `/api/businesses/${encodeURIComponent(businessId)}/transactions.csv${query ? `?${query}` : ''}`
}
