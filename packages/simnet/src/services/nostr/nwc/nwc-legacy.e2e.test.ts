import '../ws-polyfill'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NWCClient } from '@getalby/sdk/nwc'
import { hexToBytes } from '@noble/hashes/utils.js'
import * as nip04 from 'nostr-tools/nip04'
import * as nip44 from 'nostr-tools/nip44'
import { finalizeEvent } from 'nostr-tools/pure'
import type { NostrEvent } from 'nostr-tools/pure'
import { Relay } from 'nostr-tools/relay'
import { startNostrSimnet } from './test-simnet'
import type { NostrSimnet } from './test-simnet'
import type { NwcConnectionView } from './control'

const dirs: string[] = []
const running: NostrSimnet[] = []

async function start(dir?: string): Promise<NostrSimnet> {
  const dataDir = dir ?? mkdtempSync(join(tmpdir(), 'simnet-nwc-legacy-'))
  if (!dir) dirs.push(dataDir)
  const sim = await startNostrSimnet(dataDir)
  running.push(sim)
  return sim
}

async function stop(sim: NostrSimnet): Promise<void> {
  running.splice(running.indexOf(sim), 1)
  await sim.close()
}

async function post(sim: NostrSimnet, body: unknown): Promise<Response> {
  return fetch(`${sim.baseUrl}/control/nwc/connections`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
}

async function connect(sim: NostrSimnet, body: object = {}): Promise<NwcConnectionView> {
  const res = await post(sim, body)
  expect(res.status).toBe(201)
  return (await res.json()) as NwcConnectionView
}

function secretOf(uri: string): Uint8Array {
  return hexToBytes(
    new URL(uri.replace('nostr+walletconnect://', 'http://')).searchParams.get('secret') ?? '',
  )
}

afterAll(async () => {
  for (const sim of running.splice(0)) await sim.close()
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A client that speaks NWC the way wallets did before NIP-44: NIP-04 and no encryption tag. */
describe('NWC with a legacy NIP-04 client', () => {
  let sim: NostrSimnet
  let conn: NwcConnectionView
  let relay: Relay
  let secret: Uint8Array

  beforeAll(async () => {
    sim = await start()
    conn = await connect(sim, { name: 'legacy' })
    relay = await Relay.connect(conn.relayUrl)
    secret = secretOf(conn.uri)
  })

  afterAll(() => relay.close())

  async function request(method: string, params: object, tags: string[][] = []) {
    const content = nip04.encrypt(secret, conn.walletPubkey, JSON.stringify({ method, params }))
    const event = finalizeEvent(
      {
        kind: 23194,
        created_at: Math.floor(Date.now() / 1000),
        tags: [['p', conn.walletPubkey], ...tags],
        content,
      },
      secret,
    )
    const reply = new Promise<NostrEvent>((resolve) => {
      const sub = relay.subscribe(
        [{ kinds: [23195], authors: [conn.walletPubkey], '#e': [event.id] }],
        {
          onevent: (e) => {
            sub.close()
            resolve(e)
          },
        },
      )
    })
    await relay.publish(event)
    return { request: event, reply: await reply }
  }

  it('answers an untagged request in NIP-04 with e and p tags', async () => {
    const { request: req, reply } = await request('make_invoice', {
      amount: 2_000_000,
      description: 'tea',
    })
    expect(reply.tags).toEqual(
      expect.arrayContaining([
        ['e', req.id],
        ['p', req.pubkey],
      ]),
    )
    const body = JSON.parse(nip04.decrypt(secret, conn.walletPubkey, reply.content)) as {
      result_type: string
      error: null
      result: { invoice: string; payment_hash: string }
    }
    expect(body.result_type).toBe('make_invoice')
    expect(body.error).toBeNull()
    expect(body.result.invoice).toMatch(/^lnbcrt20u1/)

    const notes: unknown[] = []
    // notifications are ephemeral: only subscriptions open when they are sent receive them
    await new Promise<void>((oneose) => {
      relay.subscribe([{ kinds: [23196], authors: [conn.walletPubkey], '#p': [req.pubkey] }], {
        onevent: (e) => notes.push(JSON.parse(nip04.decrypt(secret, conn.walletPubkey, e.content))),
        oneose,
      })
    })
    await sim.world.payer.pay(body.result.invoice)
    await expect
      .poll(() => notes, { timeout: 5000 })
      .toEqual([
        expect.objectContaining({
          notification_type: 'payment_received',
          notification: expect.objectContaining({
            payment_hash: body.result.payment_hash,
          }) as unknown,
        }),
      ])
  })

  it('answers a request tagged nip04 in NIP-04', async () => {
    const { reply } = await request('get_balance', {}, [['encryption', 'nip04']])
    const body = JSON.parse(nip04.decrypt(secret, conn.walletPubkey, reply.content)) as {
      result: { balance: number }
    }
    expect(body.result.balance).toBeGreaterThan(0)
  })

  it('answers UNSUPPORTED_ENCRYPTION for an unknown scheme', async () => {
    const { reply } = await request('get_balance', {}, [['encryption', 'nip44_v3']])
    const key = nip44.getConversationKey(secret, conn.walletPubkey)
    const body = JSON.parse(nip44.decrypt(reply.content, key)) as { error: { code: string } }
    expect(body.error.code).toBe('UNSUPPORTED_ENCRYPTION')
  })
})

describe('NWC control and restart', () => {
  it('refuses a malformed connection request', async () => {
    const sim = await start()
    for (const body of [{ budgetSat: -1 }, { budgetSat: 1.5 }, { name: '' }, { extra: true }]) {
      const res = await post(sim, body)
      expect(res.status).toBe(400)
      expect(await res.json()).toHaveProperty('error')
    }
    const list = (await (await fetch(`${sim.baseUrl}/control/nwc/connections`)).json()) as {
      connections: unknown[]
    }
    expect(list.connections).toEqual([])
  })

  it('lists issued connections in /control/services', async () => {
    const sim = await start()
    const conn = await connect(sim, { name: 'listed' })
    const services = (await (await fetch(`${sim.baseUrl}/control/services`)).json()) as {
      nostr: { relayUrl: string; nwcControlUrl: string; nwcConnections: unknown[] }
    }
    expect(services.nostr.relayUrl).toBe(conn.relayUrl)
    expect(services.nostr.nwcControlUrl).toBe(`${sim.baseUrl}/control/nwc/connections`)
    expect(services.nostr.nwcConnections).toEqual([
      { name: 'listed', uri: conn.uri, walletPubkey: conn.walletPubkey, nodeId: conn.nodeId },
    ])
  })

  it('keeps connections, balances and history across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'simnet-nwc-restart-'))
    dirs.push(dir)
    const first = await start(dir)
    const conn = await connect(first, { name: 'durable', budgetSat: 30_000 })
    const client = new NWCClient({ nostrWalletConnectUrl: conn.uri })
    const tx = await client.makeInvoice({ amount: 3_000_000, description: 'before restart' })
    await first.world.payer.pay(tx.invoice)
    const balance = (await client.getBalance()).balance
    client.close()
    await stop(first)

    const second = await start(dir)
    const list = (await (await fetch(`${second.baseUrl}/control/nwc/connections`)).json()) as {
      connections: NwcConnectionView[]
    }
    expect(list.connections).toHaveLength(1)
    const again = list.connections[0]!
    expect(again).toMatchObject({
      walletPubkey: conn.walletPubkey,
      clientPubkey: conn.clientPubkey,
      nodeId: conn.nodeId,
      name: 'durable',
    })
    expect(secretOf(again.uri)).toEqual(secretOf(conn.uri))
    expect(again.relayUrl).toBe(`${second.baseUrl.replace('http', 'ws')}/nostr`)

    const revived = new NWCClient({ nostrWalletConnectUrl: again.uri })
    expect((await revived.getBalance()).balance).toBe(balance)
    const history = await revived.listTransactions({})
    expect(history.transactions.map((t) => t.description)).toEqual(['before restart'])
    const notes: string[] = []
    const off = await revived.subscribeNotifications((n) => notes.push(n.notification.payment_hash))
    const later = await revived.makeInvoice({ amount: 1_000_000 })
    await second.world.payer.pay(later.invoice)
    await expect.poll(() => notes, { timeout: 5000 }).toEqual([later.payment_hash])
    off()
    revived.close()
  })
})
