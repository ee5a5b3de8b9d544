import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { lndClient, startTestSimnet } from './services/lnd/test-support'

const dataDir = mkdtempSync(join(tmpdir(), 'simnet-restart-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

async function snapshot(sim: Awaited<ReturnType<typeof startTestSimnet>>) {
  const shop = lndClient(sim, 'shop')
  const payer = lndClient(sim, 'payer')
  const state = {
    tip: await (await fetch(`${sim.url}/esplora/blocks/tip/hash`)).text(),
    invoices: (await shop.get('/v1/invoices')).body,
    channels: (await shop.get('/v1/channels')).body,
    payerBalance: (await payer.get('/v1/balance/blockchain')).body,
    payments: (await payer.get('/v1/payments')).body,
    cert: sim.services.lnd.tlsCertPem,
    macaroon: sim.services.lnd.nodes.payer?.macaroonHex,
    pubkey: sim.world.lightning.node('shop')!.pubkey,
  }
  shop.close()
  payer.close()
  return state
}

describe('restart', () => {
  it('comes back from the same data folder with the same state', async () => {
    const first = await startTestSimnet({ dataDir, seed: 'restart-seed' })
    first.world.lightning.createNode('shop')
    first.world.lightning.openChannelFromLsp('shop', 1_000_000)
    first.world.chain.mine(3)
    const shop = lndClient(first, 'shop')
    const added = (await shop.post('/v1/invoices', { value: '1234', memo: 'before restart' }))
      .body as {
      payment_request: string
    }
    await shop.post('/v1/invoices', { value: '99' })
    shop.close()
    const payer = lndClient(first, 'payer')
    await payer.collect('POST', '/v2/router/send', {
      payment_request: added.payment_request,
      timeout_seconds: 10,
    })
    await payer.post('/v1/transactions', {
      addr: first.world.chain.newAddress('elsewhere'),
      amount: '30000',
      sat_per_vbyte: '4',
    })
    payer.close()
    const before = await snapshot(first)
    await first.close()

    const second = await startTestSimnet({ dataDir, seed: 'restart-seed' })
    const after = await snapshot(second)
    expect(after).toEqual(before)
    expect(
      (after.invoices as { invoices: { state: string }[] }).invoices.map((i) => i.state),
    ).toEqual(['SETTLED', 'OPEN'])
    await second.close()
  })

  it('refuses a data folder made with another seed', async () => {
    await expect(startTestSimnet({ dataDir, seed: 'other' })).rejects.toThrow(/seed/)
  })
})
