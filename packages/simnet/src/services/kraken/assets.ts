/** The assets and pairs this exchange lists, in Kraken's naming (X/Z prefixed ids, altnames). */
import type { Fiat } from './price'

export interface AssetInfo {
  aclass: 'currency'
  altname: string
  decimals: number
  display_decimals: number
  collateral_value: number
  status: 'enabled'
}

export const ASSETS: Record<string, AssetInfo> = {
  XXBT: asset('XBT', 10, 5),
  ZEUR: asset('EUR', 4, 2),
  ZGBP: asset('GBP', 4, 2),
  ZUSD: asset('USD', 4, 2),
}

function asset(altname: string, decimals: number, display: number): AssetInfo {
  return {
    aclass: 'currency',
    altname,
    decimals,
    display_decimals: display,
    collateral_value: 1,
    status: 'enabled',
  }
}

/** Resolves what clients send for an asset (`XBT`, `XXBT`, `BTC`, `usd`) to its Kraken id. */
export function assetId(name: string): string | undefined {
  const upper = name.trim().toUpperCase()
  if (upper === 'BTC') return 'XXBT'
  if (upper in ASSETS) return upper
  return Object.keys(ASSETS).find((id) => ASSETS[id]?.altname === upper)
}

export interface PairDef {
  id: string
  altname: string
  wsname: string
  quote: string
  fiat: Fiat
}

export const PAIRS: PairDef[] = [
  { id: 'XXBTZUSD', altname: 'XBTUSD', wsname: 'XBT/USD', quote: 'ZUSD', fiat: 'USD' },
  { id: 'XXBTZEUR', altname: 'XBTEUR', wsname: 'XBT/EUR', quote: 'ZEUR', fiat: 'EUR' },
  { id: 'XXBTZGBP', altname: 'XBTGBP', wsname: 'XBT/GBP', quote: 'ZGBP', fiat: 'GBP' },
]

/** Accepts a pair id, altname, wsname or the BTC spelling: XXBTZUSD, XBTUSD, XBT/USD, BTCUSD. */
export function findPair(name: string): PairDef | undefined {
  const key = name.trim().toUpperCase().replace('/', '').replace(/^BTC/, 'XBT')
  return PAIRS.find((p) => p.id === key || p.altname === key)
}

const TAKER_FEES = [0.4, 0.35, 0.24, 0.22, 0.2, 0.18, 0.16, 0.14, 0.12, 0.1]
const MAKER_FEES = [0.25, 0.2, 0.14, 0.12, 0.1, 0.08, 0.06, 0.04, 0.02, 0]
const FEE_VOLUMES = [0, 10000, 50000, 100000, 250000, 500000, 1000000, 2500000, 5000000, 10000000]

export function pairInfo(p: PairDef): Record<string, unknown> {
  return {
    altname: p.altname,
    wsname: p.wsname,
    aclass_base: 'currency',
    base: 'XXBT',
    aclass_quote: 'currency',
    quote: p.quote,
    lot: 'unit',
    cost_decimals: 5,
    pair_decimals: 1,
    lot_decimals: 8,
    lot_multiplier: 1,
    leverage_buy: [2, 3, 4, 5],
    leverage_sell: [2, 3, 4, 5],
    fees: FEE_VOLUMES.map((v, i) => [v, TAKER_FEES[i]]),
    fees_maker: FEE_VOLUMES.map((v, i) => [v, MAKER_FEES[i]]),
    fee_volume_currency: 'ZUSD',
    margin_call: 80,
    margin_stop: 40,
    ordermin: '0.00005',
    costmin: '0.5',
    tick_size: '0.1',
    status: 'online',
    long_position_limit: 270,
    short_position_limit: 180,
  }
}
