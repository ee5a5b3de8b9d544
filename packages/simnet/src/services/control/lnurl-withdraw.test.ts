import { bech32 } from '@scure/base'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestSimnet, startTestSimnet } from '../lnd/test-support'
import { decodeLnurl } from './lnurl-withdraw'

let sim: TestSimnet
const claim = async (body: unknown) => {
  const res = await fetch(`${sim.url}/control/lnurl-withdraw`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}
const encode = (url: string) =>
  bech32.encode('lnurl', bech32.toWords(new TextEncoder().encode(url)), 2000).toUpperCase()

beforeAll(async () => {
  sim = await startTestSimnet()
})
afterAll(() => sim.stop())

describe('claiming an LNURL-withdraw as the payer', () => {
  it('decodes bech32 and lnurlw:// LNURLs', () => {
    expect(decodeLnurl(`lightning:${encode('https://shop.example/lnurlw/ab')}`).href).toBe(
      'https://shop.example/lnurlw/ab',
    )
    expect(decodeLnurl('lnurlw://127.0.0.1:4000/w?q=1').href).toBe('http://127.0.0.1:4000/w?q=1')
    expect(() => decodeLnurl('lnbc1xyz')).toThrow()
  })

  it('sends an invoice for the amount to the callback with k1; the service pays it once', async () => {
    const shop = sim.world.lightning.createNode('refunder')
    sim.world.lightning.openChannelFromLsp('refunder', 1_000_000, 500_000)
    sim.world.chain.mine(3)
    const k1 = 'a'.repeat(64)
    let claims = 0
    const service = Fastify()
    const base = () => `http://127.0.0.1:${(service.server.address() as { port: number }).port}`
    service.get('/lnurlw/:k1', () => ({
      tag: 'withdrawRequest',
      callback: `${base()}/lnurlw/callback`,
      k1,
      defaultDescription: 'Refund',
      minWithdrawable: 4_200_000,
      maxWithdrawable: 4_200_000,
    }))
    service.get('/lnurlw/callback', (req) => {
      const q = req.query as { k1?: string; pr?: string }
      if (q.k1 !== k1 || !q.pr) return { status: 'ERROR', reason: 'bad k1' }
      if (++claims > 1) return { status: 'ERROR', reason: 'already claimed' }
      void shop.pay(q.pr)
      return { status: 'OK' }
    })
    await service.listen({ port: 0, host: '127.0.0.1' })
    const lnurl = encode(`${base()}/lnurlw/${k1}`)
    const first = await claim({ lnurl, wait: true })
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ amountSat: 4_200, state: 'SETTLED' })
    const invoice = sim.world.payer.lookupInvoice(first.body.paymentHash as string)
    expect(invoice).toMatchObject({ state: 'SETTLED', amtPaidMsat: 4_200_000, memo: 'Refund' })
    // the service refuses a second claim: the reason comes back
    const second = await claim({ lnurl })
    expect(second).toEqual({ status: 400, body: { error: 'already claimed' } })
    expect((await claim({ lnurl: 'nonsense' })).status).toBe(400)
    await service.close()
  })
})
