/**
 * A NIP-01 relay independent of its transport: each client connection feeds raw messages in and
 * gets relay messages out through `send`. Services in the same process publish and subscribe
 * through the same checks and fan-out, without a socket.
 */
import type { Persistence } from '../../../world/api'
import type { NostrEvent } from './event'
import { isExpired, shapeProblem, storageClass, verificationProblem } from './event'
import type { Filter } from './filter'
import { FilterError, matchesAny, parseFilter } from './filter'
import { ListenerIndex, type Listener } from './listeners'
import { EventStore } from './store'

export type RelayMessage = unknown[]

export interface PublishResult {
  accepted: boolean
  /** NIP-01 OK message: empty, or `prefix: human-readable text` */
  message: string
}

export interface RelayConnection {
  receive(raw: string): void
  close(): void
}

const MAX_SUBSCRIPTIONS_PER_CONNECTION = 64
/** Stored events kept (NWC's traffic is ephemeral; each wallet keeps one info event). */
const DEFAULT_MAX_EVENTS = 20_000

export class Relay {
  readonly store: EventStore
  private readonly listeners = new ListenerIndex()
  private readonly nowSec: () => number

  constructor(opts: { persistence: Persistence; maxEvents?: number; nowSec?: () => number }) {
    this.nowSec = opts.nowSec ?? (() => Math.floor(Date.now() / 1000))
    this.store = new EventStore(opts.persistence, {
      maxEvents: opts.maxEvents ?? DEFAULT_MAX_EVENTS,
      nowSec: this.nowSec,
    })
  }

  /**
   * Checks, stores (unless ephemeral) and fans out one event, as for an EVENT message. A service
   * of this process publishing an event it has just signed itself (`signedHere`) skips the
   * signature check, the costliest step, which a client's event always gets.
   */
  publish(event: NostrEvent, opts: { signedHere?: boolean } = {}): PublishResult {
    const problem = shapeProblem(event) ?? (opts.signedHere ? null : verificationProblem(event))
    if (problem) return { accepted: false, message: `invalid: ${problem}` }
    if (isExpired(event, this.nowSec())) {
      return { accepted: false, message: 'invalid: event has expired' }
    }
    if (storageClass(event.kind) !== 'ephemeral') {
      const outcome = this.store.add(event)
      if (outcome === 'duplicate') {
        return { accepted: true, message: 'duplicate: already have this event' }
      }
      if (outcome === 'superseded') {
        return { accepted: true, message: 'duplicate: a newer version is already stored' }
      }
    }
    for (const listener of this.listeners.candidates(event)) {
      if (matchesAny(listener.filters, event)) listener.deliver(event)
    }
    return { accepted: true, message: '' }
  }

  /** Live events matching the filters, for services in this process; returns the unsubscribe. */
  subscribe(filters: Filter[], onEvent: (event: NostrEvent) => void): () => void {
    const listener: Listener = { filters, deliver: onEvent }
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  query(filters: Filter[]): NostrEvent[] {
    return this.store.query(filters)
  }

  connect(send: (message: RelayMessage) => void): RelayConnection {
    const subscriptions = new Map<string, Listener>()
    const notice = (text: string) => send(['NOTICE', text])

    const onEvent = (value: unknown) => {
      const problem = shapeProblem(value)
      if (problem) {
        const id = (value as { id?: unknown } | null)?.id
        if (typeof id === 'string') send(['OK', id, false, `invalid: ${problem}`])
        else notice(`invalid: ${problem}`)
        return
      }
      const event = value as NostrEvent
      const result = this.publish(event)
      send(['OK', event.id, result.accepted, result.message])
    }

    const onReq = (subId: unknown, rawFilters: unknown[]) => {
      if (typeof subId !== 'string' || subId.length === 0 || subId.length > 64) {
        notice('invalid: subscription id must be a string of 1 to 64 characters')
        return
      }
      let filters: Filter[]
      try {
        if (rawFilters.length === 0)
          throw new FilterError('invalid', 'REQ needs at least one filter')
        filters = rawFilters.map(parseFilter)
      } catch (err) {
        const reason =
          err instanceof FilterError ? `${err.prefix}: ${err.message}` : 'error: bad filter'
        removeSubscription(subId)
        send(['CLOSED', subId, reason])
        return
      }
      if (!subscriptions.has(subId) && subscriptions.size >= MAX_SUBSCRIPTIONS_PER_CONNECTION) {
        send(['CLOSED', subId, 'rate-limited: too many open subscriptions on this connection'])
        return
      }
      removeSubscription(subId)
      const listener: Listener = { filters, deliver: (event) => send(['EVENT', subId, event]) }
      for (const event of this.store.query(filters)) listener.deliver(event)
      send(['EOSE', subId])
      subscriptions.set(subId, listener)
      this.listeners.add(listener)
    }

    const removeSubscription = (subId: string) => {
      const existing = subscriptions.get(subId)
      if (!existing) return
      this.listeners.delete(existing)
      subscriptions.delete(subId)
    }

    return {
      receive: (raw) => {
        let message: unknown
        try {
          message = JSON.parse(raw)
        } catch {
          notice('invalid: message is not JSON')
          return
        }
        if (!Array.isArray(message) || typeof message[0] !== 'string') {
          notice('invalid: message must be a JSON array that starts with its type')
          return
        }
        const [type, ...rest] = message as [string, ...unknown[]]
        if (type === 'EVENT') onEvent(rest[0])
        else if (type === 'REQ') onReq(rest[0], rest.slice(1))
        else if (type === 'CLOSE') {
          if (typeof rest[0] === 'string') removeSubscription(rest[0])
          else notice('invalid: CLOSE needs a subscription id')
        } else notice(`unsupported: message type ${type} is not supported`)
      },
      close: () => {
        for (const subId of [...subscriptions.keys()]) removeSubscription(subId)
      },
    }
  }
}
