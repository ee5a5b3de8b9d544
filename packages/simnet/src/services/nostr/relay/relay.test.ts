import { describe, expect, it } from 'vitest'
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure'
import type { NostrEvent } from './event'
import { Relay } from './relay'
import type { RelayMessage } from './relay'
import { memoryPersistence } from '../test-support'

const alice = generateSecretKey()
const bob = generateSecretKey()
const NOW = Math.floor(Date.now() / 1000)

function sign(
  key: Uint8Array,
  fields: { kind?: number; content?: string; tags?: string[][]; created_at?: number },
): NostrEvent {
  return finalizeEvent({ kind: 1, content: '', tags: [], created_at: NOW, ...fields }, key)
}

function client(relay: Relay) {
  const received: RelayMessage[] = []
  const conn = relay.connect((m) => received.push(m))
  return {
    received,
    send: (message: unknown) => conn.receive(JSON.stringify(message)),
    raw: (text: string) => conn.receive(text),
    close: () => conn.close(),
    /** ids of the EVENT messages for a subscription, in order */
    eventIds: (subId: string) =>
      received
        .filter((m) => m[0] === 'EVENT' && m[1] === subId)
        .map((m) => (m[2] as NostrEvent).id),
    clear: () => received.splice(0),
  }
}

function newRelay(maxEvents?: number) {
  return new Relay({ persistence: memoryPersistence(), maxEvents })
}

describe('relay EVENT', () => {
  it('accepts a signed event and serves it to a later REQ, then EOSE', () => {
    const relay = newRelay()
    const c = client(relay)
    const ev = sign(alice, { content: 'hello' })
    c.send(['EVENT', ev])
    expect(c.received).toEqual([['OK', ev.id, true, '']])
    c.send(['REQ', 's1', { authors: [ev.pubkey] }])
    const asSent = JSON.parse(JSON.stringify(ev)) as NostrEvent
    expect(c.received.slice(1)).toEqual([
      ['EVENT', 's1', asSent],
      ['EOSE', 's1'],
    ])
  })

  it('rejects a bad signature and a tampered event, storing neither', () => {
    const relay = newRelay()
    const c = client(relay)
    const good = sign(alice, { content: 'original' })
    const badSig = { ...good, sig: good.sig.slice(0, -2) + (good.sig.endsWith('00') ? '11' : '00') }
    const tampered = { ...sign(alice, { content: 'x' }), content: 'changed' }
    c.send(['EVENT', badSig])
    c.send(['EVENT', tampered])
    expect(c.received[0]).toEqual(['OK', good.id, false, 'invalid: signature is not valid'])
    expect(c.received[1]).toEqual([
      'OK',
      tampered.id,
      false,
      'invalid: event id does not match its content',
    ])
    c.send(['REQ', 's', { kinds: [1] }])
    expect(c.eventIds('s')).toEqual([])
  })

  it('says why a malformed event is refused', () => {
    const c = client(newRelay())
    const ev = sign(alice, {})
    c.send(['EVENT', { ...ev, kind: 'one' }])
    c.send(['EVENT', 'not an event'])
    expect(c.received[0]).toEqual([
      'OK',
      ev.id,
      false,
      'invalid: kind must be an integer between 0 and 65535',
    ])
    expect(c.received[1]).toEqual(['NOTICE', 'invalid: event must be a JSON object'])
  })

  it('answers a repeated event as a duplicate', () => {
    const c = client(newRelay())
    const ev = sign(alice, {})
    c.send(['EVENT', ev])
    c.send(['EVENT', ev])
    expect(c.received[1]).toEqual(['OK', ev.id, true, 'duplicate: already have this event'])
  })

  it('refuses an event whose NIP-40 expiration has passed', () => {
    const c = client(newRelay())
    const ev = sign(alice, { tags: [['expiration', String(NOW - 10)]] })
    c.send(['EVENT', ev])
    expect(c.received[0]).toEqual(['OK', ev.id, false, 'invalid: event has expired'])
  })
})

describe('relay REQ filters', () => {
  const relay = newRelay()
  const a1 = sign(alice, { kind: 1, created_at: NOW - 300, tags: [['t', 'coffee']] })
  const a2 = sign(alice, {
    kind: 7,
    created_at: NOW - 200,
    tags: [
      ['e', a1.id],
      ['p', getPublicKey(bob)],
    ],
  })
  const b1 = sign(bob, { kind: 1, created_at: NOW - 100, tags: [['p', getPublicKey(alice)]] })
  const b2 = sign(bob, { kind: 1, created_at: NOW - 50 })
  const publisher = client(relay)
  for (const ev of [a1, a2, b1, b2]) publisher.send(['EVENT', ev])

  const cases: [string, Record<string, unknown>[], NostrEvent[]][] = [
    ['ids', [{ ids: [a2.id, b1.id] }], [b1, a2]],
    ['authors', [{ authors: [getPublicKey(alice)] }], [a2, a1]],
    ['kinds', [{ kinds: [7] }], [a2]],
    ['since', [{ since: NOW - 100 }], [b2, b1]],
    ['until', [{ until: NOW - 200 }], [a2, a1]],
    ['limit keeps the newest', [{ kinds: [1], limit: 2 }], [b2, b1]],
    ['#p', [{ '#p': [getPublicKey(bob)] }], [a2]],
    ['#e', [{ '#e': [a1.id] }], [a2]],
    ['other single-letter tags', [{ '#t': ['coffee'] }], [a1]],
    ['conditions combine with AND', [{ authors: [getPublicKey(bob)], since: NOW - 60 }], [b2]],
    ['filters combine with OR', [{ kinds: [7] }, { ids: [b2.id] }], [b2, a2]],
    ['limit 0 gives no stored events', [{ limit: 0 }], []],
  ]
  it.each(cases)('%s', (_name, filters, expected) => {
    const c = client(relay)
    c.send(['REQ', 'q', ...filters])
    expect(c.eventIds('q')).toEqual(expected.map((e) => e.id))
    expect(c.received.at(-1)).toEqual(['EOSE', 'q'])
  })

  it('closes a subscription whose filter is malformed', () => {
    const c = client(relay)
    c.send(['REQ', 'bad', { kinds: ['1'] }])
    c.send(['REQ', 'bad2', { '#p': ['not-hex'] }])
    c.send(['REQ', 'bad3'])
    expect(c.received).toEqual([
      ['CLOSED', 'bad', 'invalid: kinds must be an array of non-negative integers'],
      ['CLOSED', 'bad2', 'invalid: #p must hold 64-character lowercase hex values'],
      ['CLOSED', 'bad3', 'invalid: REQ needs at least one filter'],
    ])
  })
})

describe('relay live delivery', () => {
  it('delivers new matching events to open subscriptions until CLOSE', () => {
    const relay = newRelay()
    const sub = client(relay)
    const pub = client(relay)
    sub.send(['REQ', 'live', { authors: [getPublicKey(alice)] }])
    const first = sign(alice, { content: 'one' })
    pub.send(['EVENT', first])
    pub.send(['EVENT', sign(bob, { content: 'not for this filter' })])
    sub.send(['CLOSE', 'live'])
    pub.send(['EVENT', sign(alice, { content: 'after close' })])
    expect(sub.eventIds('live')).toEqual([first.id])
  })

  it('replaces a subscription sent again under the same id', () => {
    const relay = newRelay()
    const sub = client(relay)
    sub.send(['REQ', 's', { kinds: [1] }])
    sub.send(['REQ', 's', { kinds: [2] }])
    const kind2 = sign(alice, { kind: 2 })
    client(relay).send(['EVENT', sign(alice, { kind: 1 })])
    client(relay).send(['EVENT', kind2])
    expect(sub.eventIds('s')).toEqual([kind2.id])
  })

  it('delivers ephemeral events live but never stores them', () => {
    const relay = newRelay()
    const sub = client(relay)
    sub.send(['REQ', 'nwc', { kinds: [23195] }])
    const ev = sign(alice, { kind: 23195, tags: [['p', getPublicKey(bob)]] })
    client(relay).send(['EVENT', ev])
    expect(sub.eventIds('nwc')).toEqual([ev.id])
    const later = client(relay)
    later.send(['REQ', 'late', { kinds: [23195] }])
    expect(later.received).toEqual([['EOSE', 'late']])
  })

  it('stops delivering once the connection closes', () => {
    const relay = newRelay()
    const sub = client(relay)
    sub.send(['REQ', 's', { kinds: [1] }])
    sub.close()
    sub.clear()
    client(relay).send(['EVENT', sign(alice, {})])
    expect(sub.received).toEqual([])
  })
})

describe('relay replaceable events', () => {
  it('keeps only the newest kind 0 and 13194 per pubkey', () => {
    const relay = newRelay()
    const c = client(relay)
    const old = sign(alice, { kind: 13194, content: 'pay_invoice', created_at: NOW - 10 })
    const fresh = sign(alice, { kind: 13194, content: 'pay_invoice get_info', created_at: NOW })
    const bobs = sign(bob, { kind: 13194, content: 'get_info', created_at: NOW - 20 })
    const meta1 = sign(alice, { kind: 0, content: '{"name":"a"}', created_at: NOW - 5 })
    const meta2 = sign(alice, { kind: 0, content: '{"name":"b"}', created_at: NOW })
    for (const ev of [old, fresh, bobs, meta1, meta2]) c.send(['EVENT', ev])
    c.send(['REQ', 'r', { kinds: [0, 13194] }])
    const ids = c.eventIds('r')
    expect(new Set(ids)).toEqual(new Set([fresh.id, meta2.id, bobs.id]))
    expect(ids).toHaveLength(3)
    expect(ids[2]).toBe(bobs.id)
  })

  it('ignores an older version that arrives after a newer one', () => {
    const relay = newRelay()
    const c = client(relay)
    const fresh = sign(alice, { kind: 3, created_at: NOW })
    const stale = sign(alice, { kind: 3, created_at: NOW - 60 })
    c.send(['EVENT', fresh])
    c.send(['EVENT', stale])
    expect(c.received[1]?.[2]).toBe(true)
    c.send(['REQ', 'r', { kinds: [3] }])
    expect(c.eventIds('r')).toEqual([fresh.id])
  })

  it('replaces addressable events per d tag', () => {
    const relay = newRelay()
    const c = client(relay)
    const x1 = sign(alice, { kind: 30078, tags: [['d', 'x']], created_at: NOW - 9 })
    const x2 = sign(alice, { kind: 30078, tags: [['d', 'x']], created_at: NOW })
    const y = sign(alice, { kind: 30078, tags: [['d', 'y']], created_at: NOW - 9 })
    for (const ev of [x1, x2, y]) c.send(['EVENT', ev])
    c.send(['REQ', 'r', { kinds: [30078] }])
    expect(c.eventIds('r')).toEqual([x2.id, y.id])
  })
})

describe('relay storage', () => {
  it('keeps stored events across a restart', () => {
    const persistence = memoryPersistence()
    const ev = sign(alice, { content: 'durable' })
    client(new Relay({ persistence })).send(['EVENT', ev])
    const restarted = client(new Relay({ persistence: persistence.reload() }))
    restarted.send(['REQ', 's', { ids: [ev.id] }])
    expect(restarted.eventIds('s')).toEqual([ev.id])
  })

  it('drops the oldest events beyond its bound', () => {
    const relay = newRelay(3)
    const c = client(relay)
    const events = [1, 2, 3, 4, 5].map((i) => sign(alice, { created_at: NOW - 100 + i }))
    for (const ev of events) c.send(['EVENT', ev])
    c.send(['REQ', 's', { kinds: [1] }])
    expect(c.eventIds('s')).toEqual([events[4], events[3], events[2]].map((e) => e?.id))
    expect(relay.store.size).toBe(3)
  })
})

describe('relay protocol errors', () => {
  it('answers unreadable and unknown messages with NOTICE', () => {
    const c = client(newRelay())
    c.raw('{not json')
    c.send({ type: 'REQ' })
    c.send(['AUTH', 'x'])
    c.send(['REQ', '', { kinds: [1] }])
    expect(c.received.map((m) => m[0])).toEqual(['NOTICE', 'NOTICE', 'NOTICE', 'NOTICE'])
    expect(c.received[0]).toEqual(['NOTICE', 'invalid: message is not JSON'])
    expect(c.received[2]).toEqual(['NOTICE', 'unsupported: message type AUTH is not supported'])
  })
})

describe('relay fan-out among many subscriptions', () => {
  it('delivers an event to the subscriptions that match it among ten thousand, and no other', () => {
    const relay = newRelay()
    const pubkeys = Array.from({ length: 10_000 }, (_, i) => i.toString(16).padStart(64, '0'))
    const got = new Map<string, string[]>()
    const unsubscribe = pubkeys.map((p) =>
      relay.subscribe([{ kinds: [23196], '#p': [p] }], (e) => {
        got.set(p, [...(got.get(p) ?? []), e.id])
      }),
    )
    const everything: string[] = []
    relay.subscribe([{ since: 0 }], (e) => everything.push(e.id))
    const byAuthor: string[] = []
    relay.subscribe([{ authors: [getPublicKey(alice)] }], (e) => byAuthor.push(e.id))
    const target = pubkeys[4_321]!
    const ev = sign(alice, { kind: 23196, tags: [['p', target]] })
    // Another kind to the same key: filed under the key, refused by the filter's kinds.
    const other = sign(bob, { kind: 23197, tags: [['p', target]] })

    expect(relay.publish(ev).accepted).toBe(true)
    expect(relay.publish(other).accepted).toBe(true)

    expect([...got.entries()]).toEqual([[target, [ev.id]]])
    expect(everything).toEqual([ev.id, other.id])
    expect(byAuthor).toEqual([ev.id])
    // Unsubscribed: nothing more reaches it.
    unsubscribe[4_321]!()
    relay.publish(sign(alice, { kind: 23196, tags: [['p', target]], content: 'later' }))
    expect(got.get(target)).toEqual([ev.id])
  })
})
