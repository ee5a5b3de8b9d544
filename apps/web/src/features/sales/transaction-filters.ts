/**
 * The transactions page's filters as they live in the URL (so a filtered view can be shared
 * and survives a reload; read in `transactions-search.ts`), and what they mean to the server:
 * date presets and custom ranges are whole days in the browser's time zone, `to` exclusive on
 * the wire.
 */
import type { PaymentMethod, PaymentStatus } from '@app/domain'
import type { TransactionsSearch } from './transactions-search'

export { parseTransactionsSearch, RANGE_PRESETS } from './transactions-search'
export type { TransactionsSearch } from './transactions-search'

export interface ApiFilter {
  status?: PaymentStatus[]
  method?: PaymentMethod[]
  from?: Date
  to?: Date
  search?: string
  deviceId?: string
  staffId?: string
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
