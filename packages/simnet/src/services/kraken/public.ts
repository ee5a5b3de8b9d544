/** Kraken's public market-data calls: Time, SystemStatus, Assets, AssetPairs, Ticker. */
import { ASSETS, PAIRS, assetId, findPair, pairInfo } from './assets'
import type { PairDef } from './assets'
import { KrakenError, KrakenErrors } from './errors'
import type { PriceModel } from './price'
import { computeTicker } from './ticker'

type Params = Record<string, string>
export type PublicHandler = (params: Params) => unknown

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** Kraken's rfc1123 field: two-digit year and a space-padded day, e.g. `Sun,  7 Jun 20 04:07:53 +0000`. */
function krakenRfc1123(ms: number): string {
  const d = new Date(ms)
  const day = String(d.getUTCDate()).padStart(2, ' ')
  const yy = String(d.getUTCFullYear() % 100).padStart(2, '0')
  const hms = d.toISOString().slice(11, 19)
  return `${DAYS[d.getUTCDay()]}, ${day} ${MONTHS[d.getUTCMonth()]} ${yy} ${hms} +0000`
}

function listParam(value: string | undefined): string[] | undefined {
  if (value === undefined || value.trim() === '') return undefined
  return value.split(',').map((s) => s.trim())
}

function pairsParam(value: string | undefined): PairDef[] {
  const names = listParam(value)
  if (!names) return PAIRS
  return names.map((name) => {
    const pair = findPair(name)
    if (!pair) throw new KrakenError(KrakenErrors.unknownAssetPair)
    return pair
  })
}

export function publicHandlers(
  model: PriceModel,
  now: () => number,
): Record<string, PublicHandler> {
  return {
    Time: () => ({ unixtime: Math.floor(now() / 1000), rfc1123: krakenRfc1123(now()) }),
    SystemStatus: () => ({
      status: 'online',
      timestamp: new Date(now()).toISOString().slice(0, 19) + 'Z',
    }),
    Assets: (params) => {
      const names = listParam(params.asset)
      const ids = names ? names.map((n) => assetId(n)) : Object.keys(ASSETS)
      const result: Record<string, unknown> = {}
      for (const id of ids) {
        if (id === undefined) throw new KrakenError(KrakenErrors.unknownAsset)
        result[id] = ASSETS[id]
      }
      return result
    },
    AssetPairs: (params) => {
      const result: Record<string, unknown> = {}
      for (const pair of pairsParam(params.pair)) {
        result[pair.id] = pickInfo(pairInfo(pair), params.info)
      }
      return result
    },
    Ticker: (params) => {
      const at = now()
      const result: Record<string, unknown> = {}
      for (const pair of pairsParam(params.pair)) result[pair.id] = computeTicker(model, pair, at)
      return result
    },
  }
}

const INFO_FIELDS: Record<string, string[]> = {
  leverage: ['leverage_buy', 'leverage_sell'],
  fees: ['fees', 'fees_maker', 'fee_volume_currency'],
  margin: ['margin_call', 'margin_stop'],
}

function pickInfo(
  info: Record<string, unknown>,
  level: string | undefined,
): Record<string, unknown> {
  const fields = level ? INFO_FIELDS[level] : undefined
  if (!fields) return info
  return Object.fromEntries(fields.map((f) => [f, info[f]]))
}
