/** The exchange's HTTP surface against the real ccxt Kraken client and raw signed calls. */
import ccxt from 'ccxt'
import Fastify from 'fastify'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountHandlers } from './account'
import { newApiCredentials } from './auth'
import { PriceModel } from './price'
import { publicHandlers } from './public'
import { exchangeRoutes } from './routes'
import { KrakenStore } from './store'
import { memoryPersistence, nextNonce, privateCall, publicCall } from './test-support'

let app: FastifyInstance
let base: string
let store: KrakenStore
const creds = newApiCredentials()

function client(secret = creds.secret, key = creds.key): InstanceType<typeof ccxt.kraken> {
  const exchange = new ccxt.kraken({ apiKey: key, secret, enableRateLimit: false })
  exchange.urls['api'] = { ...exchange.urls['api'], public: base, private: base }
  return exchange
}

beforeAll(async () => {
  store = new KrakenStore(memoryPersistence(), () => Date.now())
  store.createAccount('test', creds.key, creds.secret)
  const model = new PriceModel(new Uint8Array(32).fill(7))
  app = Fastify()
  await app.register(
    (scope, _opts, done) => {
      exchangeRoutes(scope, {
        publicHandlers: publicHandlers(model, () => Date.now()),
        privateHandlers: accountHandlers(store),
        store,
      })
      done()
    },
    { prefix: '/kraken' },
  )
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  base = `${address}/kraken`
})

afterAll(async () => {
  await app.close()
})

describe('public market data', () => {
  it('answers Ticker for the three BTC pairs under Kraken pair ids', async () => {
    const reply = await publicCall(base, 'Ticker?pair=XBTUSD,XBTEUR,XBTGBP')
    expect(reply.error).toEqual([])
    const result = reply.result as Record<string, { c: string[] }>
    expect(Object.keys(result).sort()).toEqual(['XXBTZEUR', 'XXBTZGBP', 'XXBTZUSD'])
    const usd = Number(result.XXBTZUSD!.c[0])
    expect(Number(result.XXBTZGBP!.c[0])).toBeLessThan(Number(result.XXBTZEUR!.c[0]))
    expect(Number(result.XXBTZEUR!.c[0])).toBeLessThan(usd)
  })

  it('reports an unknown pair the way Kraken does', async () => {
    expect(await publicCall(base, 'Ticker?pair=DOGEUSD')).toEqual({
      error: ['EQuery:Unknown asset pair'],
    })
  })

  it('reports an unknown method', async () => {
    expect(await publicCall(base, 'Nope')).toEqual({ error: ['EGeneral:Unknown method'] })
  })

  it('serves the ticker to ccxt fetchTicker', async () => {
    const ticker = await client().fetchTicker('BTC/USD')
    expect(ticker.symbol).toBe('BTC/USD')
    expect(ticker.last).toBeGreaterThan(10_000)
    expect(ticker.bid).toBeLessThan(ticker.ask!)
    expect(ticker.high).toBeGreaterThanOrEqual(ticker.low!)
  })

  it('serves server time to ccxt fetchTime', async () => {
    const time = await client().fetchTime()
    expect(Math.abs(time! - Date.now())).toBeLessThan(5_000)
  })
})

describe('private calls', () => {
  it('gives ccxt the balance for a valid key', async () => {
    const account = store.byKey(creds.key)!
    store.post(account, {
      refid: 'QTEST00-AAAAAA-BBBBBB',
      type: 'deposit',
      amountSat: 123_456,
      feeSat: 0,
    })
    const balance = await client().fetchBalance()
    expect(balance['BTC']?.total).toBe(0.00123456)
  })

  it('raises AuthenticationError in ccxt for a wrong secret', async () => {
    await expect(client(newApiCredentials().secret).fetchBalance()).rejects.toBeInstanceOf(
      ccxt.AuthenticationError,
    )
  })

  it('raises AuthenticationError in ccxt for an unknown key', async () => {
    const other = newApiCredentials()
    await expect(client(other.secret, other.key).fetchBalance()).rejects.toBeInstanceOf(
      ccxt.AuthenticationError,
    )
  })

  it('answers Balance to form and JSON bodies', async () => {
    for (const json of [false, true]) {
      const reply = await privateCall(base, 'Balance', creds, {}, { json })
      expect(reply).toEqual({ error: [], result: { XXBT: '0.0012345600' } })
    }
  })

  it('refuses a nonce that does not increase, and keeps the last one', async () => {
    const nonce = nextNonce()
    expect((await privateCall(base, 'Balance', creds, {}, { nonce })).error).toEqual([])
    expect(await privateCall(base, 'Balance', creds, {}, { nonce })).toEqual({
      error: ['EAPI:Invalid nonce'],
    })
    const lower = String(BigInt(nonce) - 5n)
    expect((await privateCall(base, 'Balance', creds, {}, { nonce: lower })).error).toEqual([
      'EAPI:Invalid nonce',
    ])
    expect((await privateCall(base, 'Balance', creds)).error).toEqual([])
  })

  it('refuses a malformed signature and a missing key', async () => {
    expect((await privateCall(base, 'Balance', creds, {}, { sign: 'xyz' })).error).toEqual([
      'EAPI:Invalid signature',
    ])
    expect((await privateCall(base, 'Balance', { ...creds, key: '' })).error).toEqual([
      'EAPI:Invalid key',
    ])
  })

  it('does not let a request signed for one method run as another', async () => {
    const reply = await fetch(`${base}/0/private/Ledgers`, {
      method: 'POST',
      headers: { 'API-Key': creds.key, 'API-Sign': Buffer.alloc(64, 1).toString('base64') },
      body: `nonce=${nextNonce()}`,
    })
    expect(await reply.json()).toEqual({ error: ['EAPI:Invalid key'] })
  })

  it('lists the ledger newest first with the running balance', async () => {
    const reply = await privateCall(base, 'Ledgers', creds, { asset: 'XBT' })
    const result = reply.result as {
      ledger: Record<string, Record<string, unknown>>
      count: number
    }
    expect(result.count).toBe(1)
    const [entry] = Object.values(result.ledger)
    expect(entry).toMatchObject({
      refid: 'QTEST00-AAAAAA-BBBBBB',
      type: 'deposit',
      asset: 'XXBT',
      amount: '0.0012345600',
      fee: '0.0000000000',
      balance: '0.0012345600',
    })
  })
})
