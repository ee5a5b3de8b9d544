import * as btc from '@scure/btc-signer'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REGTEST } from '../../world/chain/network'
import { type TestSimnet, startTestSimnet } from '../lnd/test-support'

let sim: TestSimnet
let base: string
const get = async (path: string) => {
  const res = await fetch(`${base}${path}`)
  const text = await res.text()
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    text,
    json: () => JSON.parse(text) as unknown,
  }
}

beforeAll(async () => {
  sim = await startTestSimnet()
  base = `${sim.url}/esplora`
})
afterAll(() => sim.stop())

/** The fields and types Esplora's GET /tx/:txid has. */
function expectTxShape(value: unknown) {
  const tx = value as Record<string, unknown>
  expect(tx.txid).toMatch(/^[0-9a-f]{64}$/)
  for (const key of ['version', 'locktime', 'size', 'weight', 'fee'])
    expect(typeof tx[key]).toBe('number')
  expect(Array.isArray(tx.vin)).toBe(true)
  for (const out of tx.vout as Record<string, unknown>[]) {
    expect(Object.keys(out).sort()).toEqual(
      [
        'scriptpubkey',
        'scriptpubkey_address',
        'scriptpubkey_asm',
        'scriptpubkey_type',
        'value',
      ].sort(),
    )
  }
  expect(typeof (tx.status as { confirmed: unknown }).confirmed).toBe('boolean')
}

describe('Esplora REST', () => {
  it('answers the tip as text and fee estimates per target', async () => {
    const height = await get('/blocks/tip/height')
    expect(height.type).toMatch(/^text\/plain/)
    expect(Number(height.text)).toBe(sim.world.chain.tipHeight())
    expect((await get('/blocks/tip/hash')).text).toBe(sim.world.chain.tipHash())
    const fees = (await get('/fee-estimates')).json() as Record<string, number>
    for (const target of ['1', '2', '6', '25', '144', '504', '1008'])
      expect(fees[target]).toBeGreaterThan(0)
    expect(fees['1']).toBeGreaterThanOrEqual(fees['144']!)
  })

  it('follows an address from mempool to confirmed, with stats, txs, utxos and paging', async () => {
    const address = sim.world.chain.newAddress('watched')
    const sent = sim.world.chain.send('payer', [{ address, amountSat: 70_000 }], {
      feeRateSatPerVbyte: 3,
    })
    const pending = (await get(`/address/${address}`)).json()
    expect(pending).toEqual({
      address,
      chain_stats: {
        funded_txo_count: 0,
        funded_txo_sum: 0,
        spent_txo_count: 0,
        spent_txo_sum: 0,
        tx_count: 0,
      },
      mempool_stats: {
        funded_txo_count: 1,
        funded_txo_sum: 70_000,
        spent_txo_count: 0,
        spent_txo_sum: 0,
        tx_count: 1,
      },
    })
    expect((await get(`/address/${address}/txs/mempool`)).json()).toMatchObject([
      { txid: sent.txid, status: { confirmed: false } },
    ])
    expect((await get(`/tx/${sent.txid}/status`)).json()).toEqual({ confirmed: false })
    sim.world.chain.mine(1)
    const status = (await get(`/tx/${sent.txid}/status`)).json()
    expect(status).toEqual({
      confirmed: true,
      block_height: sim.world.chain.tipHeight(),
      block_hash: sim.world.chain.tipHash(),
      block_time: sim.world.chain.blockTime(sim.world.chain.tipHeight()),
    })
    const tx = (await get(`/tx/${sent.txid}`)).json()
    expectTxShape(tx)
    expect(
      (tx as { vin: { prevout: { scriptpubkey_address: string } }[] }).vin[0]!.prevout
        .scriptpubkey_address,
    ).toMatch(/^bcrt1q/)
    const vout = sent.vout.findIndex((o) => o.address === address)
    expect((await get(`/address/${address}/utxo`)).json()).toEqual([
      { txid: sent.txid, vout, value: 70_000, status },
    ])
    const second = sim.world.chain.send('payer', [{ address, amountSat: 80_000 }], {
      feeRateSatPerVbyte: 3,
    })
    sim.world.chain.mine(1)
    const chainTxs = (await get(`/address/${address}/txs/chain`)).json() as { txid: string }[]
    expect(chainTxs.map((t) => t.txid)).toEqual([second.txid, sent.txid])
    const page = (await get(`/address/${address}/txs/chain/${second.txid}`)).json() as {
      txid: string
    }[]
    expect(page.map((t) => t.txid)).toEqual([sent.txid])
    expect(((await get(`/address/${address}/txs`)).json() as unknown[]).length).toBe(2)
  })

  it('broadcasts a raw signed transaction and rejects bad input with plain text', async () => {
    const priv = secp256k1.utils.randomSecretKey()
    const own = btc.p2wpkh(secp256k1.getPublicKey(priv, true), REGTEST)
    const ownAddress = own.address ?? ''
    const funding = sim.world.chain.send('payer', [{ address: ownAddress, amountSat: 100_000 }], {
      feeRateSatPerVbyte: 2,
    })
    const vout = funding.vout.findIndex((o) => o.address === ownAddress)
    const dest = sim.world.chain.newAddress('broadcast-dest')
    const tx = new btc.Transaction()
    tx.addInput({
      txid: funding.txid,
      index: vout,
      witnessUtxo: { script: own.script, amount: 100_000n },
    })
    tx.addOutputAddress(dest, 99_000n, REGTEST)
    tx.sign(priv)
    tx.finalize()
    const res = await fetch(`${base}/tx`, { method: 'POST', body: tx.hex })
    expect(res.status).toBe(200)
    expect(await res.text()).toBe(tx.id)
    expect(sim.world.chain.getTx(tx.id)?.feeSat).toBe(1_000)
    const again = await fetch(`${base}/tx`, { method: 'POST', body: tx.hex })
    expect(again.status).toBe(400)
    const garbage = await fetch(`${base}/tx`, { method: 'POST', body: 'zz' })
    expect(garbage.status).toBe(400)
    expect(garbage.headers.get('content-type')).toMatch(/^text\/plain/)
    const missing = await get(`/tx/${'0'.repeat(64)}`)
    expect(missing).toMatchObject({ status: 404, text: 'Transaction not found' })
    expect((await get('/tx/nothex')).status).toBe(400)
    expect((await get('/address/notanaddress')).status).toBe(400)
  })
})
