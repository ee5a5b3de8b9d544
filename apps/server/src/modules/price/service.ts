/**
 * The price of one bitcoin in GBP, USD and EUR: from the exchange's public ticker, with a
 * fallback source, cached on the server so a busy till does not ask the exchange every time.
 */
import { CURRENCY_CODES, type CurrencyCode } from '@app/domain'
import { DomainError } from '../../lib/errors'
import { fetchJson } from '../../lib/http'
import { marketDataClientFor } from '../../wallets/factory'

/** A currency of the domain's list (GBP, USD, EUR), which the price is taken in. */
export type FiatCurrency = CurrencyCode

export interface BtcPrice {
  /** minor units (pence, cents) per whole bitcoin */
  minorPerBtc: Record<FiatCurrency, number>
  at: Date
  source: string
}

export interface PriceSource {
  name: string
  fetch(signal?: AbortSignal): Promise<Record<FiatCurrency, number>>
}

const KRAKEN_PAIRS: Record<FiatCurrency, string> = { GBP: 'XBTGBP', USD: 'XBTUSD', EUR: 'XBTEUR' }

function toMinor(price: string | number): number {
  const n = typeof price === 'number' ? price : Number(price)
  if (!Number.isFinite(n) || n <= 0) throw new Error(`bad price ${price}`)
  return Math.round(n * 100)
}

/** Kraken's public Ticker: the last trade price of each pair. */
export function krakenPriceSource(baseUrl: string): PriceSource {
  const client = marketDataClientFor(baseUrl)
  return {
    name: 'kraken',
    async fetch(signal) {
      const result = await client.ticker(Object.values(KRAKEN_PAIRS), signal)
      const out = {} as Record<FiatCurrency, number>
      for (const cur of CURRENCY_CODES) {
        const entry = Object.entries(result).find(([pair]) => pair.endsWith(cur))?.[1]
        if (!entry) throw new Error(`no ${cur} price`)
        out[cur] = toMinor(entry.c[0])
      }
      return out
    },
  }
}

/** A Coinbase-style spot price API: GET {base}/v2/prices/BTC-{CUR}/spot -> {data: {amount}}. */
export function spotPriceSource(baseUrl: string): PriceSource {
  return {
    name: 'spot',
    async fetch(signal) {
      const out = {} as Record<FiatCurrency, number>
      for (const cur of CURRENCY_CODES) {
        const { body } = await fetchJson<{ data?: { amount?: string } }>(
          `${baseUrl}/v2/prices/BTC-${cur}/spot`,
          { signal },
        )
        if (!body.data?.amount) throw new Error(`no ${cur} price`)
        out[cur] = toMinor(body.data.amount)
      }
      return out
    },
  }
}

export function createPriceService(opts: {
  sources: PriceSource[]
  cacheMs?: number
  log?: (msg: string, err?: unknown) => void
}) {
  const cacheMs = opts.cacheMs ?? 30_000
  let cached: BtcPrice | null = null
  let inFlight: Promise<BtcPrice> | null = null

  async function load(): Promise<BtcPrice> {
    for (const source of opts.sources) {
      try {
        const minorPerBtc = await source.fetch(AbortSignal.timeout(5_000))
        cached = { minorPerBtc, at: new Date(), source: source.name }
        return cached
      } catch (err) {
        opts.log?.(`price source ${source.name} failed`, err)
      }
    }
    throw new DomainError('PRICE_UNAVAILABLE', 'No price source answered')
  }

  return {
    /** The cached price while fresh; one fetch at a time however many callers ask. */
    async get(): Promise<BtcPrice> {
      if (cached && Date.now() - cached.at.getTime() < cacheMs) return cached
      inFlight ??= load().finally(() => {
        inFlight = null
      })
      return inFlight
    },
    /** The last known price, even if stale (to value a settlement without waiting). */
    peek(): BtcPrice | null {
      return cached
    },
  }
}

export type PriceService = ReturnType<typeof createPriceService>
