/**
 * The NWC client's faster cryptography keeps the protocol's guarantees: events from a relay are
 * still verified (a forged one is dropped), what it signs verifies with the reference
 * implementation, and its NIP-44 messages are the ones the wallet's key opens.
 */
import type { AddressInfo } from 'node:net'
import * as nip44 from 'nostr-tools/nip44'
import { finalizeEvent, generateSecretKey, getPublicKey, verifyEvent } from 'nostr-tools/pure'
import { bytesToHex } from 'nostr-tools/utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocketServer } from 'ws'
import { createNwcClient, NwcClient } from './nwc-client'
import { RelaySockets } from './relay-sockets'
import { DEMO_RELAY_POLICY } from './relay-guard'

const walletKey = generateSecretKey()
const walletPubkey = getPublicKey(walletKey)
const clientKey = generateSecretKey()
const clientPubkey = getPublicKey(clientKey)

/** A relay that answers every subscription with a forged event, then a genuine one. */
let server: WebSocketServer
let relayUrl: string
/** Connections the relay has open now. */
let connections = 0
beforeAll(async () => {
  server = new WebSocketServer({ host: '127.0.0.1', port: 0 })
  await new Promise<void>((resolve) => server.once('listening', resolve))
  relayUrl = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`
  server.on('connection', (socket) => {
    connections += 1
    socket.on('close', () => (connections -= 1))
    socket.on('message', (data: Buffer) => {
      const [type, subId] = JSON.parse(data.toString()) as [string, string]
      if (type !== 'REQ') return
      const signed = (content: string) =>
        finalizeEvent(
          { kind: 23196, created_at: 1_700_000_000, tags: [['p', clientPubkey]], content },
          walletKey,
        )
      // Each with its own id: changed content, a broken signature, then a genuine event.
      const forged = { ...signed('a'), content: 'forged' }
      const unsigned = signed('b')
      const badSignature = {
        ...unsigned,
        sig: unsigned.sig.replace(/^./, (c) => (c === '0' ? '1' : '0')),
      }
      const genuine = signed('real')
      for (const event of [forged, badSignature, genuine]) {
        socket.send(JSON.stringify(['EVENT', subId, event]))
      }
      socket.send(JSON.stringify(['EOSE', subId]))
    })
  })
})
afterAll(async () => {
  for (const socket of server.clients) socket.terminate()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

const client = () =>
  createNwcClient(
    { walletPubkey, relayUrls: [relayUrl], secret: bytesToHex(clientKey) },
    DEMO_RELAY_POLICY,
  )

describe('the NWC client', () => {
  it('drops events from the relay whose id or signature does not hold', async () => {
    const nwc = client()
    try {
      const seen: string[] = []
      // The relay sends the genuine event last, on the same connection: once it is here, the
      // others have been read (and dropped).
      await new Promise<void>((resolve) => {
        const sub = nwc.pool.subscribe(
          [relayUrl],
          { kinds: [23196], authors: [walletPubkey] },
          {
            onevent: (event) => {
              seen.push(event.content)
              if (event.content === 'real') {
                sub.close()
                resolve()
              }
            },
          },
        )
      })
      expect(seen).toEqual(['real'])
    } finally {
      nwc.close()
    }
  })

  it('signs events the reference implementation verifies, as its own public key', async () => {
    const nwc = client()
    try {
      const event = await nwc.signEvent({ kind: 23194, created_at: 1, tags: [], content: 'x' })
      expect(event.pubkey).toBe(clientPubkey)
      expect(nwc.publicKey).toBe(clientPubkey)
      expect(verifyEvent({ ...event })).toBe(true)
    } finally {
      nwc.close()
    }
  })

  it('encrypts with NIP-44 what the wallet opens, and opens what the wallet sends', async () => {
    const nwc = client()
    Object.assign(nwc, { _encryptionType: 'nip44_v2' })
    try {
      const walletSide = nip44.getConversationKey(walletKey, clientPubkey)
      for (const text of ['{"method":"get_info"}', '{"method":"lookup_invoice"}']) {
        const sealed = await nwc.encrypt(walletPubkey, text)
        expect(nip44.decrypt(sealed, walletSide)).toBe(text)
        expect(await nwc.decrypt(walletPubkey, nip44.encrypt(text, walletSide))).toBe(text)
      }
    } finally {
      nwc.close()
    }
  })

  it('shares one relay socket between the wallets of a group, closed when the last leaves', async () => {
    const sockets = new RelaySockets(2)
    const clients = [1, 2, 3].map(() => {
      const key = generateSecretKey()
      return new NwcClient(
        { walletPubkey, relayUrls: [relayUrl], secret: bytesToHex(key) },
        DEMO_RELAY_POLICY,
        sockets,
      )
    })
    const [first, second, third] = clients as [NwcClient, NwcClient, NwcClient]
    /** Subscribes through the client and resolves with the first genuine event's content. */
    const receive = (client: NwcClient) =>
      new Promise<string>((resolve) => {
        const sub = client.pool.subscribe(
          [relayUrl],
          { kinds: [23196], authors: [walletPubkey] },
          {
            onevent: (event) => {
              sub.close()
              resolve(event.content)
            },
          },
        )
      })
    // The earlier tests' sockets are closed (their clients have left).
    await until(() => connections === 0)
    const before = connections
    try {
      expect(await Promise.all(clients.map(receive))).toEqual(['real', 'real', 'real'])
      expect(sockets.groups).toBe(2)
      expect(connections - before).toBe(2)
      // The first leaves: its group's socket stays for the second.
      first.close()
      expect(await receive(second)).toBe('real')
      expect(connections - before).toBe(2)
      second.close()
      await until(() => connections - before === 1)
      expect(sockets.groups).toBe(1)
    } finally {
      for (const c of clients) c.close()
    }
    expect(third.pool.listConnectionStatus().size).toBe(0)
    await until(() => connections === before)
  })
})

/** Waits until `ok` holds, 20 s at most however busy the machine. */
async function until(ok: () => boolean): Promise<void> {
  const end = Date.now() + 20_000
  while (!ok() && Date.now() < end) await new Promise((r) => setTimeout(r, 20))
  expect(ok()).toBe(true)
}
