import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import Fastify from 'fastify'
import websocket from '@fastify/websocket'
import WebSocket from 'ws'
import { Relay as RelayClient, useWebSocketImplementation } from 'nostr-tools/relay'
import { finalizeEvent, generateSecretKey } from 'nostr-tools/pure'
import type { NostrEvent } from './event'
import { Relay } from './relay'
import { RELAY_PATH, registerRelayRoute } from './ws'
import { memoryPersistence } from '../test-support'

useWebSocketImplementation(WebSocket)

const app = Fastify()
let url = ''

beforeAll(async () => {
  await app.register(websocket)
  registerRelayRoute(app, new Relay({ persistence: memoryPersistence() }))
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  url = address.replace('http', 'ws') + RELAY_PATH
})

afterAll(async () => {
  await app.close()
})

describe('relay over WebSocket', () => {
  it('lets a real nostr client publish, then receive stored and live events', async () => {
    const key = generateSecretKey()
    const stored = finalizeEvent(
      { kind: 1, content: 'stored', tags: [], created_at: 1_700_000_000 },
      key,
    )
    const writer = await RelayClient.connect(url)
    await writer.publish(stored)

    const reader = await RelayClient.connect(url)
    const seen: NostrEvent[] = []
    const eose = new Promise<void>((resolve) => {
      reader.subscribe([{ authors: [stored.pubkey] }], {
        onevent: (e) => seen.push(e),
        oneose: resolve,
      })
    })
    await eose
    const live = finalizeEvent(
      { kind: 1, content: 'live', tags: [], created_at: 1_700_000_001 },
      key,
    )
    await writer.publish(live)
    await expect.poll(() => seen.map((e) => e.content)).toEqual(['stored', 'live'])
    writer.close()
    reader.close()
  })

  it('rejects a forged event with the relay reason', async () => {
    const client = await RelayClient.connect(url)
    const event = finalizeEvent(
      { kind: 1, content: 'a', tags: [], created_at: 1_700_000_000 },
      generateSecretKey(),
    )
    await expect(client.publish({ ...event, content: 'b' })).rejects.toThrow(
      'invalid: event id does not match',
    )
    client.close()
  })

  it('serves the NIP-11 document to plain HTTP', async () => {
    const res = await fetch(url.replace('ws', 'http'), {
      headers: { accept: 'application/nostr+json' },
    })
    expect(res.headers.get('content-type')).toContain('application/nostr+json')
    expect(await res.json()).toMatchObject({
      supported_nips: expect.arrayContaining([1, 11]) as unknown,
    })
  })
})
