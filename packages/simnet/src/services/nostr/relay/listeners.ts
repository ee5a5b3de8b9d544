/**
 * Live subscriptions, indexed so that an event is matched only against the subscriptions that
 * could want it: each filter is filed under its most selective field (`ids`, `#e`, `#p`,
 * `authors`, then `kinds`), and an event looks up its own id, tags, author and kind. With ten
 * thousand wallets subscribed, an event costs a handful of matches instead of ten thousand.
 */
import type { NostrEvent } from './event'
import type { Filter } from './filter'

export interface Listener {
  filters: Filter[]
  deliver(event: NostrEvent): void
}

/** The keys a filter is filed under, or null when it names none of the indexed fields. */
function filterKeys(filter: Filter): string[] | null {
  if (filter.ids?.length) return filter.ids.map((id) => `i:${id}`)
  const e = filter['#e']
  if (e?.length) return e.map((v) => `e:${v}`)
  const p = filter['#p']
  if (p?.length) return p.map((v) => `p:${v}`)
  if (filter.authors?.length) return filter.authors.map((a) => `a:${a}`)
  if (filter.kinds?.length) return filter.kinds.map((k) => `k:${k}`)
  return null
}

/** Every key under which a filter that matches this event may be filed. */
function eventKeys(event: NostrEvent): string[] {
  const keys = [`i:${event.id}`, `a:${event.pubkey}`, `k:${event.kind}`]
  for (const tag of event.tags) {
    if ((tag[0] === 'e' || tag[0] === 'p') && tag[1] !== undefined) keys.push(`${tag[0]}:${tag[1]}`)
  }
  return keys
}

export class ListenerIndex {
  private readonly byKey = new Map<string, Set<Listener>>()
  /** Listeners with a filter that names no indexed field: matched against every event. */
  private readonly unindexed = new Set<Listener>()
  private readonly keysOf = new Map<Listener, string[]>()
  #size = 0

  get size(): number {
    return this.#size
  }

  add(listener: Listener): void {
    if (this.keysOf.has(listener) || this.unindexed.has(listener)) return
    this.#size += 1
    const keys: string[] = []
    for (const filter of listener.filters) {
      const own = filterKeys(filter)
      if (own === null) {
        this.unindexed.add(listener)
        return
      }
      keys.push(...own)
    }
    const unique = [...new Set(keys)]
    this.keysOf.set(listener, unique)
    for (const key of unique) {
      let set = this.byKey.get(key)
      if (!set) this.byKey.set(key, (set = new Set()))
      set.add(listener)
    }
  }

  delete(listener: Listener): void {
    if (this.unindexed.delete(listener)) {
      this.#size -= 1
      return
    }
    const keys = this.keysOf.get(listener)
    if (!keys) return
    this.#size -= 1
    this.keysOf.delete(listener)
    for (const key of keys) {
      const set = this.byKey.get(key)
      set?.delete(listener)
      if (set?.size === 0) this.byKey.delete(key)
    }
  }

  /** The listeners that may want the event (each once), taken before any is delivered to. */
  candidates(event: NostrEvent): Listener[] {
    const found = new Set<Listener>(this.unindexed)
    for (const key of eventKeys(event)) {
      const set = this.byKey.get(key)
      if (set) for (const listener of set) found.add(listener)
    }
    return [...found]
  }
}
