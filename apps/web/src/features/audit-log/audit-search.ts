/**
 * The audit log's filters as they live in the URL (a filtered view can be shared and survives a
 * reload), and what they mean to the server: days in the browser's time zone, `to` inclusive on
 * screen and exclusive on the wire; an actor is `kind:id`.
 */
import {
  AUDIT_ACTION_GROUPS,
  AUDIT_ACTOR_KINDS,
  type AuditActionGroup,
  type AuditActorKind,
} from '@app/domain'

export interface AuditSearch {
  group?: AuditActionGroup
  /** `member:<user id>`, `device:<id>`, `staff:<id>`; or a kind alone (`system`) */
  actor?: string
  /** local days, YYYY-MM-DD */
  from?: string
  to?: string
}

export interface AuditApiFilter {
  group?: AuditActionGroup
  actorKind?: AuditActorKind
  actorId?: string
  from?: Date
  to?: Date
}

const DAY = /^\d{4}-\d{2}-\d{2}$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const isGroup = (v: unknown): v is AuditActionGroup =>
  typeof v === 'string' && (AUDIT_ACTION_GROUPS as readonly string[]).includes(v)
const isKind = (v: unknown): v is AuditActorKind =>
  typeof v === 'string' && (AUDIT_ACTOR_KINDS as readonly string[]).includes(v)

function parseActor(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined
  const [kind, id] = v.split(':')
  if (!isKind(kind)) return undefined
  if (id === undefined) return kind
  return UUID.test(id) ? `${kind}:${id}` : undefined
}

const day = (v: unknown) => (typeof v === 'string' && DAY.test(v) ? v : undefined)

/** Only what is set and valid is kept (anything else in the URL is dropped). */
export function parseAuditSearch(search: Record<string, unknown>): AuditSearch {
  const out: AuditSearch = {}
  if (isGroup(search.group)) out.group = search.group
  const actor = parseActor(search.actor)
  if (actor) out.actor = actor
  const from = day(search.from)
  if (from) out.from = from
  const to = day(search.to)
  if (to) out.to = to
  return out
}

export const hasAuditFilters = (s: AuditSearch) => Boolean(s.group || s.actor || s.from || s.to)

function localMidnight(key: string, plusDays = 0): Date {
  const [y = 0, m = 1, d = 1] = key.split('-').map(Number)
  return new Date(y, m - 1, d + plusDays)
}

export function toAuditApiFilter(s: AuditSearch): AuditApiFilter {
  const filter: AuditApiFilter = {}
  if (s.group) filter.group = s.group
  if (s.actor) {
    const [kind, id] = s.actor.split(':')
    if (isKind(kind)) filter.actorKind = kind
    if (id) filter.actorId = id
  }
  let [from, to] = [s.from, s.to]
  if (from && to && from > to) [from, to] = [to, from]
  if (from) filter.from = localMidnight(from)
  if (to) filter.to = localMidnight(to, 1)
  return filter
}

/** The CSV download of everything the filter matches, with the same query the list uses. */
export function auditCsvHref(businessId: string, filter: AuditApiFilter): string {
  const params = new URLSearchParams()
  if (filter.group) params.set('group', filter.group)
  if (filter.actorKind) params.set('actorKind', filter.actorKind)
  if (filter.actorId) params.set('actorId', filter.actorId)
  if (filter.from) params.set('from', filter.from.toISOString())
  if (filter.to) params.set('to', filter.to.toISOString())
  const query = params.toString()
  return `/api/businesses/${encodeURIComponent(businessId)}/audit-log.csv${query ? `?${query}` : ''}`
}
