import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DomainError } from '../../lib/errors'
import { scenario } from '../../../test/harness'
import { createPriceService, krakenPriceSource, spotPriceSource } from './service'

const t = await scenario({ simnet: true, server: false })
afterAll(t.close)
const net = t.net
let spot: FastifyInstance
let spotUrl: string
let spotCalls = 0
beforeAll(async () => {
  spot = Fastify()
  spot.get('/v2/prices/:pair/spot', (req) => {
    spotCalls += 1
    const pair = (req.params as { pair: string }).pair
    const amount = { 'BTC-GBP': '50000.01', 'BTC-USD': '65000.50', 'BTC-EUR': '60000' }[pair]
    return { data: { amount, base: 'BTC', currency: pair.slice(4) } }
  })
  spotUrl = await spot.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  await spot?.close()
})

describe('bitcoin price', () => {
  it('reads the exchange ticker in minor units and caches it', async () => {
    const price = createPriceService({
      sources: [krakenPriceSource(net.externals.exchangeBaseUrl)],
    })
    const first = await price.get()
    expect(first.source).toBe('kraken')
    for (const cur of ['GBP', 'USD', 'EUR'] as const) {
      expect(Number.isInteger(first.minorPerBtc[cur])).toBe(true)
      expect(first.minorPerBtc[cur]).toBeGreaterThan(1_000_000)
    }
    expect(await price.get()).toBe(first)
    expect(price.peek()).toBe(first)
  })

  it('falls back to the second source when the exchange does not answer', async () => {
    spotCalls = 0
    const price = createPriceService({
      sources: [krakenPriceSource('http://127.0.0.1:9/kraken'), spotPriceSource(spotUrl)],
    })
    const p = await price.get()
    expect(p.source).toBe('spot')
    expect(p.minorPerBtc).toEqual({ GBP: 5_000_001, USD: 6_500_050, EUR: 6_000_000 })
    expect(spotCalls).toBe(3)
  })

  it('says so clearly when no source answers', async () => {
    const price = createPriceService({
      sources: [
        krakenPriceSource('http://127.0.0.1:9/kraken'),
        spotPriceSource('http://127.0.0.1:9'),
      ],
    })
    const err = await price.get().catch((e: unknown) => e)
    expect(err).toBeInstanceOf(DomainError)
    expect((err as DomainError).code).toBe('PRICE_UNAVAILABLE')
  })
})
