/** End to end: withdrawals to pre-approved keys, on chain and by Lightning, and a restart. */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ccxt from 'ccxt'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSimnet } from '../../server'
import type { Simnet } from '../../server'
import { PAYER_ID } from '../../world/index'
import type { SimWorld } from '../../world/index'
import { waitFor } from '../lnd/test-support'
import type { Creds } from './test-support'
import { addWithdrawKey, balanceSat, newAccount, nextNonce, privateCall } from './test-support'
import { ONCHAIN_FEE_SAT } from './withdrawals'

let dir: string
let world: SimWorld
let sim: Simnet
let root: string
let base: string

async function start(): Promise<void> {
  // Blocks are mined by the tests alone, so confirmation counts are exact.
  sim = await startSimnet({
    port: 0,
    dataDir: dir,
    seed: 'kraken-withdraw',
    timeScale: 0.001,
    mineIntervalMs: 0,
  })
  world = sim.world
  root = sim.url
  base = `${root}/kraken`
}

async function stop(): Promise<void> {
  await sim.close()
}

/** A new account holding `sat`, deposited by Lightning from the payer. */
async function fundedAccount(sat: number): Promise<Creds> {
  const creds = await newAccount(root)
  const reply = await privateCall(base, 'DepositAddresses', creds, {
    asset: 'XBT',
    method: 'Bitcoin Lightning',
    amount: (sat / 1e8).toFixed(8),
    new: 'true',
  })
  const [entry] = reply.result as { address: string }[]
  expect((await world.payer.pay(entry?.address ?? '')).status).toBe('SUCCEEDED')
  expect(await balanceSat(base, creds)).toBe(sat)
  return creds
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'simnet-kraken-w-'))
  await start()
})

afterAll(async () => {
  await stop()
  rmSync(dir, { recursive: true, force: true })
})

describe('on-chain withdrawal', () => {
  it('sends the amount less the fee to the approved address and confirms', async () => {
    const creds = await fundedAccount(1_000_000)
    const address = world.chain.newAddress(PAYER_ID)
    expect((await addWithdrawKey(root, { key: creds.key, name: 'cold', address })).status).toBe(200)

    const reply = await privateCall(base, 'Withdraw', creds, {
      asset: 'XBT',
      key: 'cold',
      amount: '0.004',
    })
    expect(reply.error).toEqual([])
    const { refid } = reply.result as { refid: string }
    expect(await balanceSat(base, creds)).toBe(600_000)

    const status = await privateCall(base, 'WithdrawStatus', creds, { asset: 'XBT' })
    const [entry] = status.result as Record<string, string>[]
    expect(entry).toMatchObject({
      method: 'Bitcoin',
      refid,
      info: address,
      amount: '0.00398000',
      fee: '0.00002000',
      status: 'Settled',
      key: 'cold',
    })
    const tx = world.chain.getTx(entry!.txid!)
    expect(tx?.vout.find((o) => o.address === address)?.valueSat).toBe(400_000 - ONCHAIN_FEE_SAT)
    world.chain.mine(1)
    const after = await privateCall(base, 'WithdrawStatus', creds, {})
    expect((after.result as Record<string, string>[])[0]?.status).toBe('Success')

    const ledgers = await privateCall(base, 'Ledgers', creds, { type: 'withdrawal' })
    const { ledger } = ledgers.result as { ledger: Record<string, Record<string, unknown>> }
    expect(Object.values(ledger)).toEqual([
      expect.objectContaining({
        refid,
        amount: '-0.0039800000',
        fee: '0.0000200000',
        balance: '0.0060000000',
      }),
    ])
  })

  it('refuses unknown keys, too much, a different address, and leaves the balance', async () => {
    const creds = await fundedAccount(100_000)
    const address = world.chain.newAddress(PAYER_ID)
    await addWithdrawKey(root, { key: creds.key, name: 'mine', address })
    const call = (params: Record<string, string>) =>
      privateCall(base, 'Withdraw', creds, { asset: 'XBT', ...params })
    expect((await call({ key: 'other', amount: '0.0006' })).error).toEqual([
      'EFunding:Unknown withdraw key',
    ])
    expect((await call({ key: 'mine', amount: '0.002' })).error).toEqual([
      'EFunding:Insufficient funds',
    ])
    expect((await call({ key: 'mine', amount: 'lots' })).error).toEqual([
      'EGeneral:Invalid arguments',
    ])
    const elsewhere = world.chain.newAddress(PAYER_ID)
    expect((await call({ key: 'mine', amount: '0.0006', address: elsewhere })).error).toEqual([
      'EFunding:Invalid withdrawal address',
    ])
    expect(await balanceSat(base, creds)).toBe(100_000)
    expect((await privateCall(base, 'WithdrawStatus', creds)).result).toEqual([])
  })
})

describe('Lightning withdrawal', () => {
  it('pays an invoice given with the call to a Lightning key', async () => {
    const creds = await fundedAccount(200_000)
    await addWithdrawKey(root, { key: creds.key, name: 'wallet', method: 'Bitcoin Lightning' })
    const invoice = world.payer.addInvoice({ valueMsat: 150_000_000, memo: 'payout' })
    const reply = await privateCall(base, 'Withdraw', creds, {
      asset: 'XBT',
      key: 'wallet',
      amount: '0.0015',
      address: invoice.paymentRequest,
    })
    expect(reply.error).toEqual([])
    await waitFor(
      () => world.payer.lookupInvoice(invoice.paymentHash)?.state === 'SETTLED',
      'the invoice paid',
    )
    expect(await balanceSat(base, creds)).toBe(50_000)
    const status = await privateCall(base, 'WithdrawStatus', creds, { method: 'Bitcoin Lightning' })
    expect(status.result).toEqual([
      expect.objectContaining({
        txid: invoice.paymentHash,
        info: invoice.paymentRequest,
        amount: '0.00150000',
        status: 'Success',
      }),
    ])
  })

  it('pays the invoice kept on file and refuses an amount that does not match it', async () => {
    const creds = await fundedAccount(100_000)
    const invoice = world.payer.addInvoice({ valueMsat: 30_000_000 })
    await addWithdrawKey(root, {
      key: creds.key,
      name: 'tip-jar',
      lightningInvoice: invoice.paymentRequest,
    })
    const call = (amount: string) =>
      privateCall(base, 'Withdraw', creds, { asset: 'XBT', key: 'tip-jar', amount })
    expect((await call('0.0004')).error).toEqual(['EFunding:Invalid amount'])
    expect((await call('0.0003')).error).toEqual([])
    await waitFor(
      () => world.payer.lookupInvoice(invoice.paymentHash)?.state === 'SETTLED',
      'the invoice paid',
    )
    expect(await balanceSat(base, creds)).toBe(70_000)
  })
})

describe('through ccxt', () => {
  it('withdraws with a key passed in params and lists the withdrawal', async () => {
    const creds = await fundedAccount(500_000)
    const address = world.chain.newAddress(PAYER_ID)
    await addWithdrawKey(root, { key: creds.key, name: 'ccxt-cold', address })
    const exchange = new ccxt.kraken({ apiKey: creds.key, secret: creds.secret })
    exchange.enableRateLimit = false
    // The key was already used by raw calls here; share their nonce sequence, as ccxt allows.
    exchange.nonce = () => Number(nextNonce())
    exchange.urls['api'] = { ...exchange.urls['api'], public: base, private: base }
    const sent = await exchange.withdraw('BTC', 0.001, address, undefined, { key: 'ccxt-cold' })
    expect(sent.id).toMatch(/^FT/)
    const [listed] = await exchange.fetchWithdrawals('BTC')
    expect(listed).toMatchObject({ id: sent.id, address, amount: 0.00098, status: 'pending' })
    expect((await exchange.fetchBalance())['BTC']?.total).toBe(0.004)
  })
})

describe('failed Lightning withdrawal', () => {
  it('marks it Failure and returns the funds when no route reaches the invoice', async () => {
    const creds = await fundedAccount(80_000)
    const island = world.lightning.createNode('island-' + Date.now())
    const invoice = island.addInvoice({ valueMsat: 50_000_000 })
    await addWithdrawKey(root, { key: creds.key, name: 'island', method: 'Bitcoin Lightning' })
    const reply = await privateCall(base, 'Withdraw', creds, {
      asset: 'XBT',
      key: 'island',
      amount: '0.0005',
      address: invoice.paymentRequest,
    })
    expect(reply.error).toEqual([])
    let status: Record<string, string>[] = []
    await waitFor(async () => {
      const reply = await privateCall(base, 'WithdrawStatus', creds, {})
      status = reply.result as Record<string, string>[]
      return status[0] !== undefined && !['Initial', 'Pending'].includes(status[0].status ?? '')
    }, 'the withdrawal to end')
    expect(status[0]?.status).toBe('Failure')
    expect(await balanceSat(base, creds)).toBe(80_000)
  })
})

describe('restart', () => {
  it('keeps accounts, balances and the last nonce of each key', async () => {
    const creds = await fundedAccount(60_000)
    const nonce = nextNonce()
    expect((await privateCall(base, 'Balance', creds, {}, { nonce })).error).toEqual([])
    await stop()
    await start()
    expect(await balanceSat(base, creds)).toBe(60_000)
    expect((await privateCall(base, 'Balance', creds, {}, { nonce })).error).toEqual([
      'EAPI:Invalid nonce',
    ])
    const deposits = await privateCall(base, 'DepositStatus', creds, {})
    expect(deposits.result).toHaveLength(1)
  })
})
