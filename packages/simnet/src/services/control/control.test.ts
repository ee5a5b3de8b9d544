import { createHash } from 'node:crypto'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestSimnet, startTestSimnet } from '../lnd/test-support'

let sim: TestSimnet
const control = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${sim.url}/control${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

beforeAll(async () => {
  sim = await startTestSimnet()
})
afterAll(() => sim.stop())

describe('control API', () => {
  it('lists every service with what a client needs', async () => {
    const { body } = await control('GET', '/services')
    expect(body).toMatchObject({
      network: 'regtest',
      baseUrl: sim.url,
      esplora: { url: `${sim.url}/esplora` },
    })
    expect(body.nodehost).toMatchObject({ url: `${sim.url}/nodehost/v1` })
    expect((body.nodehost as { token: string }).token).toMatch(/^[0-9a-f]{48}$/)
    const payer = (body.lnd as { nodes: Record<string, Record<string, unknown>> }).nodes.payer
    expect(payer?.restUrl).toBe(`${sim.url.replace('http:', 'https:')}/lnd/payer`)
    expect(payer?.macaroonHex).toMatch(/^02[0-9a-f]+$/)
    expect(payer?.tlsCertPem).toContain('BEGIN CERTIFICATE')
    expect((body.loop as { nodes: Record<string, unknown> }).nodes.payer).toMatchObject({
      restUrl: `${sim.url.replace('http:', 'https:')}/loop/payer`,
    })
  })

  it('mines, sends on chain and reports balances', async () => {
    const before = sim.world.chain.tipHeight()
    expect((await control('POST', '/mine', { blocks: 2 })).body.height).toBe(before + 2)
    const address = sim.world.chain.newAddress('shop')
    const sent = await control('POST', '/send', { address, amountSat: 25_000 })
    expect(sent.status).toBe(200)
    const balances = await control('GET', '/balances/shop')
    expect(balances.body.onchain).toEqual({ confirmedSat: 0, unconfirmedSat: 25_000 })
    expect((await control('POST', '/send', { address: 'nope', amountSat: 1 })).status).toBe(400)
  })

  it('pays a Lightning address by resolving LNURL-pay over HTTP', async () => {
    const shop = sim.world.lightning.createNode('coffee')
    sim.world.lightning.openChannelFromLsp('coffee', 1_000_000)
    sim.world.chain.mine(3)
    const lnurl = Fastify()
    const metadata = JSON.stringify([
      ['text/plain', 'Coffee'],
      ['text/identifier', 'tips@127.0.0.1'],
    ])
    lnurl.get('/.well-known/lnurlp/tips', () => ({
      tag: 'payRequest',
      callback: `http://127.0.0.1:${(lnurl.server.address() as { port: number }).port}/lnurl/cb`,
      minSendable: 1000,
      maxSendable: 1_000_000_000,
      metadata,
    }))
    lnurl.get('/lnurl/cb', (req) => {
      const amount = Number((req.query as { amount: string }).amount)
      const invoice = shop.addInvoice({
        valueMsat: amount,
        descriptionHash: createHash('sha256').update(metadata).digest('hex'),
      })
      return { pr: invoice.paymentRequest, routes: [] }
    })
    await lnurl.listen({ port: 0, host: '127.0.0.1' })
    const port = (lnurl.server.address() as { port: number }).port
    const paid = await control('POST', '/pay', {
      invoice: `tips@127.0.0.1:${port}`,
      amountSat: 2100,
    })
    expect(paid.status).toBe(200)
    expect(paid.body.payment).toMatchObject({ status: 'SUCCEEDED', valueMsat: 2_100_000 })
    expect(shop.invoices()[0]).toMatchObject({ state: 'SETTLED', amtPaidMsat: 2_100_000 })
    expect((await control('POST', '/pay', { invoice: `tips@127.0.0.1:${port}` })).status).toBe(400)
    await lnurl.close()
  })

  it('makes the next channel opening need manual processing, then resolves it', async () => {
    sim.world.lightning.createNode('manual')
    expect((await control('POST', '/channels/next-open', { mode: 'manual' })).body).toEqual({
      nextChannelOpen: 'manual',
    })
    const channel = sim.world.lightning.openChannelFromLsp('manual', 500_000)
    await control('POST', '/mine', { blocks: 3 })
    expect(sim.world.lightning.node('manual')!.channels()[0]).toMatchObject({
      openIssue: 'manual_processing',
      state: 'pending_open',
    })
    const resolved = await control('POST', '/channels/resolve', {
      channelPoint: channel.channelPoint,
      outcome: 'open',
    })
    expect(resolved.body.channel).toMatchObject({ state: 'open', openIssue: null })
    expect((await control('POST', '/channels/next-open', { mode: 'sometimes' })).status).toBe(400)
  })
})
