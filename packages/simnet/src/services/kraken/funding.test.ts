/**
 * End to end: the exchange on a real simulated world, driven by the real ccxt Kraken client and
 * raw signed calls. Deposits arrive by Lightning and on chain; withdrawals leave both ways.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import bolt11 from 'bolt11'
import ccxt from 'ccxt'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSimnet } from '../../server'
import type { Simnet } from '../../server'
import { PAYER_ID } from '../../world/index'
import type { SimWorld } from '../../world/index'
import { DEPOSIT_CONFIRMATIONS } from './deposits'
import type { Creds } from './test-support'
import {
  addWithdrawKey,
  balanceSat as readBalance,
  newAccount as issueAccount,
  privateCall,
} from './test-support'

let dir: string
let world: SimWorld
let sim: Simnet
let root: string
let base: string

const newAccount = (label?: string): Promise<Creds> => issueAccount(root, label)
const balanceSat = (creds: Creds): Promise<number> => readBalance(base, creds)

function client(creds: Creds): InstanceType<typeof ccxt.kraken> {
  const exchange = new ccxt.kraken({ ...creds, apiKey: creds.key, enableRateLimit: false })
  exchange.urls['api'] = { ...exchange.urls['api'], public: base, private: base }
  return exchange
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'simnet-kraken-'))
  // Blocks are mined by the tests alone, so confirmation counts are exact.
  sim = await startSimnet({
    port: 0,
    dataDir: dir,
    seed: 'kraken-test',
    timeScale: 0.001,
    mineIntervalMs: 0,
  })
  world = sim.world
  root = sim.url
  base = `${root}/kraken`
})

afterAll(async () => {
  await sim.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('control API', () => {
  it('issues a key pair for a new account and lists it with its balance', async () => {
    const creds = await newAccount('shop')
    expect(Buffer.from(creds.secret, 'base64')).toHaveLength(64)
    const res = await fetch(`${root}/control/kraken/accounts`)
    const { accounts } = (await res.json()) as { accounts: Record<string, unknown>[] }
    expect(accounts.find((a) => a.key === creds.key)).toMatchObject({
      label: 'shop',
      balances: { XXBT: '0.0000000000' },
      balanceSat: 0,
    })
  })

  it('refuses a withdrawal key for an unknown API key or a non-regtest address', async () => {
    const post = (body: Parameters<typeof addWithdrawKey>[1]) => addWithdrawKey(root, body)
    const address = world.chain.newAddress(PAYER_ID)
    expect((await post({ key: 'nope', name: 'x', address })).status).toBe(404)
    const creds = await newAccount()
    const mainnet = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'
    expect((await post({ key: creds.key, name: 'x', address: mainnet })).status).toBe(400)
    expect((await post({ key: creds.key, name: 'x', address })).status).toBe(200)
    expect((await post({ key: creds.key, name: 'x', address })).status).toBe(409)
  })
})

describe('ccxt against the exchange', () => {
  it('fetches the ticker, the balance, and fails authentication with a wrong secret', async () => {
    const creds = await newAccount()
    const ticker = await client(creds).fetchTicker('BTC/USD')
    expect(ticker.last).toBeGreaterThan(10_000)
    const balance = await client(creds).fetchBalance()
    expect(balance['BTC']?.total).toBe(0)
    const wrong = { key: creds.key, secret: (await newAccount()).secret }
    await expect(client(wrong).fetchBalance()).rejects.toBeInstanceOf(ccxt.AuthenticationError)
  })
})

describe('Lightning deposit', () => {
  it('credits the account once the payer pays the invoice', async () => {
    const creds = await newAccount()
    const exchange = client(creds)
    const methods = (await exchange.fetchDepositMethods('BTC')) as { method: string }[]
    expect(methods.map((m) => m.method)).toEqual(['Bitcoin', 'Bitcoin Lightning'])

    const address = await exchange.createDepositAddress('BTC', {
      method: 'Bitcoin Lightning',
      amount: '0.0005',
    })
    const invoice = address.address ?? ''
    const decoded = bolt11.decode(invoice)
    expect(decoded.satoshis).toBe(50_000)
    expect(invoice.startsWith('lnbcrt')).toBe(true)

    // ccxt keeps its own nonces, so this test talks to the exchange through ccxt only.
    const btc = async () => (await exchange.fetchBalance())['BTC']?.total
    expect(await btc()).toBe(0)
    const payment = await world.payer.pay(invoice)
    expect(payment.status).toBe('SUCCEEDED')

    const status = (await exchange.privatePostDepositStatus({ asset: 'XBT' })) as {
      error: string[]
      result: unknown
    }
    expect(status.error).toEqual([])
    expect(status.result).toEqual([
      expect.objectContaining({
        method: 'Bitcoin Lightning',
        aclass: 'currency',
        asset: 'XXBT',
        info: invoice,
        amount: '0.00050000',
        fee: '0.00000000',
        status: 'Success',
      }),
    ])
    expect(await btc()).toBe(0.0005)
    const deposits = await exchange.fetchDeposits('BTC')
    expect(deposits[0]).toMatchObject({ amount: 0.0005, status: 'ok', type: 'deposit' })
  })

  it('asks for an amount for a Lightning deposit address', async () => {
    const creds = await newAccount()
    const reply = await privateCall(base, 'DepositAddresses', creds, {
      asset: 'XBT',
      method: 'Bitcoin Lightning',
      new: 'true',
    })
    expect(reply).toEqual({ error: ['EGeneral:Invalid arguments'] })
  })
})

describe('on-chain deposit', () => {
  it('shows Settled until confirmed and credits after the required confirmations', async () => {
    const creds = await newAccount()
    const reply = await privateCall(base, 'DepositAddresses', creds, {
      asset: 'XBT',
      method: 'Bitcoin',
      new: 'true',
    })
    const [entry] = reply.result as { address: string; expiretm: string; new: boolean }[]
    expect(entry).toMatchObject({ expiretm: '0', new: true })
    expect(entry!.address.startsWith('bcrt1q')).toBe(true)

    const tx = world.chain.send(PAYER_ID, [{ address: entry!.address, amountSat: 1_234_567 }], {
      feeRateSatPerVbyte: 2,
    })
    const pending = await privateCall(base, 'DepositStatus', creds, { method: 'Bitcoin' })
    expect(pending.result).toEqual([
      expect.objectContaining({ txid: tx.txid, info: entry!.address, status: 'Settled' }),
    ])
    world.chain.mine(DEPOSIT_CONFIRMATIONS - 1)
    expect(await balanceSat(creds)).toBe(0)
    world.chain.mine(1)
    expect(await balanceSat(creds)).toBe(1_234_567)
    const done = await privateCall(base, 'DepositStatus', creds, {})
    expect(done.result).toEqual([
      expect.objectContaining({ amount: '0.01234567', status: 'Success' }),
    ])
  })
})
