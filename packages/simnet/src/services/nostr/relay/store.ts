/**
 * The relay's stored events, kept in a persistence section and bounded. Replaceable kinds keep
 * only the latest event per pubkey and kind, addressable kinds per pubkey, kind and `d` tag.
 */
import type { Persistence } from '../../../world/api'
import type { NostrEvent } from './event'
import { firstTagValue, isExpired, newestFirst, plainEvent, storageClass } from './event'
import type { Filter } from './filter'
import { matches } from './filter'

const RELAY_SECTION = 'nostr.relay'

interface RelaySection {
  events: NostrEvent[]
}

export type AddOutcome = 'stored' | 'duplicate' | 'superseded'

function replaceKey(event: NostrEvent): string | null {
  const cls = storageClass(event.kind)
  if (cls === 'replaceable') return `${event.kind}:${event.pubkey}`
  if (cls === 'addressable')
    return `${event.kind}:${event.pubkey}:${firstTagValue(event, 'd') ?? ''}`
  return null
}

export class EventStore {
  private readonly section: RelaySection
  private readonly byId = new Map<string, NostrEvent>()
  private readonly latest = new Map<string, NostrEvent>()
  private readonly byAuthor = new Map<string, Set<NostrEvent>>()

  constructor(
    private readonly persistence: Persistence,
    private readonly opts: { maxEvents: number; nowSec: () => number },
  ) {
    this.section = persistence.section<RelaySection>(RELAY_SECTION, () => ({ events: [] }))
    for (const event of this.section.events) this.index(event)
  }

  get size(): number {
    return this.section.events.length
  }

  has(id: string): boolean {
    return this.byId.has(id)
  }

  /** Stores a verified, non-ephemeral event. */
  add(incoming: NostrEvent): AddOutcome {
    if (this.byId.has(incoming.id)) return 'duplicate'
    const event = plainEvent(incoming)
    const key = replaceKey(event)
    const previous = key === null ? undefined : this.latest.get(key)
    if (previous) {
      if (newestFirst(event, previous) > 0) return 'superseded'
      this.remove(new Set([previous.id]))
    }
    this.section.events.push(event)
    this.index(event)
    this.evictBeyondLimit()
    this.persistence.save()
    return 'stored'
  }

  /** Stored events matching any filter: per filter the newest `limit`, merged newest first. */
  query(filters: Filter[]): NostrEvent[] {
    const now = this.opts.nowSec()
    const found = new Map<string, NostrEvent>()
    for (const filter of filters) {
      const limit = filter.limit ?? Infinity
      let taken = 0
      for (const event of this.candidates(filter).sort(newestFirst)) {
        if (taken >= limit) break
        if (!matches(filter, event) || isExpired(event, now)) continue
        found.set(event.id, event)
        taken++
      }
    }
    return [...found.values()].sort(newestFirst)
  }

  /** The stored events a filter may match: by its ids or its authors when it names them. */
  private candidates(filter: Filter): NostrEvent[] {
    if (filter.ids) {
      return filter.ids.flatMap((id) => {
        const event = this.byId.get(id)
        return event ? [event] : []
      })
    }
    if (filter.authors) {
      return filter.authors.flatMap((a) => [...(this.byAuthor.get(a) ?? [])])
    }
    return [...this.section.events]
  }

  private index(event: NostrEvent): void {
    this.byId.set(event.id, event)
    let own = this.byAuthor.get(event.pubkey)
    if (!own) this.byAuthor.set(event.pubkey, (own = new Set()))
    own.add(event)
    const key = replaceKey(event)
    if (key !== null) this.latest.set(key, event)
  }

  private remove(ids: Set<string>): void {
    this.section.events = this.section.events.filter((e) => !ids.has(e.id))
    for (const id of ids) {
      const event = this.byId.get(id)
      this.byId.delete(id)
      if (event) {
        const own = this.byAuthor.get(event.pubkey)
        own?.delete(event)
        if (own?.size === 0) this.byAuthor.delete(event.pubkey)
      }
      const key = event ? replaceKey(event) : null
      if (key !== null && this.latest.get(key)?.id === id) this.latest.delete(key)
    }
  }

  /**
   * Past the bound by a tenth, drops expired events first, then the oldest, until the store fits
   * it again: one sort per tenth of the bound added, not one per event.
   */
  private evictBeyondLimit(): void {
    const slack = Math.max(1, Math.floor(this.opts.maxEvents / 10))
    if (this.section.events.length < this.opts.maxEvents + slack) return
    const excess = this.section.events.length - this.opts.maxEvents
    const now = this.opts.nowSec()
    const victims = [...this.section.events]
      .sort((a, b) => Number(isExpired(b, now)) - Number(isExpired(a, now)) || -newestFirst(a, b))
      .slice(0, excess)
    this.remove(new Set(victims.map((e) => e.id)))
  }
}
