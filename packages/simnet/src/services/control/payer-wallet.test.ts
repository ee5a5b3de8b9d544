import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LSP_ID } from '../../world/api'
import { type TestSimnet, startTestSimnet } from '../lnd/test-support'
import type { PayerActivity } from './payer-wallet'

let sim: TestSimnet

async function call<T>(method: string, path: string, body?: unknown) {
  const res = await fetch(`${sim.url}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return { status: res.status, body: (await res.json()) as T }
}

beforeAll(async () => {
  sim = await startTestSimnet()
})
afterAll(() => sim.stop())

describe('the payer as a wallet to receive into', () => {
  it('makes invoices of its own node, for the amount asked, that another node pays', async () => {
    const made = await call<{ paymentRequest: string }>('POST', '/control/payer/invoices', {
      amountSat: 2_500,
      memo: 'a refund',
    })
    expect(made.status).toBe(200)
    const decoded = sim.world.lightning.decode(made.body.paymentRequest)
    expect(decoded.valueMsat).toBe(2_500_000)
    expect(decoded.description).toBe('a refund')
    expect(decoded.destination).toBe(sim.world.payer.pubkey)

    const lsp = sim.world.lightning.node(LSP_ID)!
    const paid = await lsp.pay(made.body.paymentRequest)
    expect(paid.status).toBe('SUCCEEDED')
    const { body } = await call<{ activity: PayerActivity[] }>('GET', '/control/payer/activity')
    expect(body.activity).toContainEqual(
      expect.objectContaining({
        kind: 'lightning',
        direction: 'in',
        amountSat: 2_500,
        status: 'succeeded',
        description: 'a refund',
      }),
    )
  })

  it('refuses an invoice without a positive whole amount', async () => {
    for (const amountSat of [0, -5, 1.5, 'ten', undefined]) {
      const res = await call('POST', '/control/payer/invoices', { amountSat })
      expect(res.status, String(amountSat)).toBe(400)
    }
  })

  it('has a Lightning address whose invoices commit to its metadata', async () => {
    const host = new URL(sim.url).host
    const first = await call<{ tag: string; callback: string; metadata: string }>(
      'GET',
      '/.well-known/lnurlp/payer',
    )
    expect(first.body.tag).toBe('payRequest')
    expect(first.body.metadata).toContain(`payer@${host}`)
    const res = await fetch(`${first.body.callback}?amount=21000`)
    const { pr } = (await res.json()) as { pr: string }
    const decoded = sim.world.lightning.decode(pr)
    expect(decoded.valueMsat).toBe(21_000)
    expect(decoded.descriptionHash).toBe(
      createHash('sha256').update(first.body.metadata).digest('hex'),
    )
    expect((await call('GET', '/.well-known/lnurlp/someone-else')).status).toBe(404)
    const bad = await fetch(`${first.body.callback}?amount=1500`)
    expect(((await bad.json()) as { status: string }).status).toBe('ERROR')
  })

  it('lists what it sent on chain with its txid and confirmations', async () => {
    const address = (
      await call<{ address: string }>('POST', '/control/wallets/savings/address', {})
    ).body.address
    const sent = await call<{ txid: string; feeSat: number }>('POST', '/control/send', {
      address,
      amountSat: 40_000,
    })
    const find = async () =>
      (
        await call<{ activity: PayerActivity[] }>('GET', '/control/payer/activity')
      ).body.activity.find((a) => a.txid === sent.body.txid)
    expect(await find()).toMatchObject({
      kind: 'onchain',
      direction: 'out',
      amountSat: 40_000,
      feeSat: sent.body.feeSat,
      confirmations: 0,
    })
    await call('POST', '/control/mine', { blocks: 1 })
    expect((await find())?.confirmations).toBe(1)
  })
})
