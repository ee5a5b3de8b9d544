/**
 * Kraken's Ticker entry for a pair, computed from the price model: today's figures run from
 * 00:00 UTC, the others over the last 24 hours. Volumes and trade counts follow how much the
 * price moved, so a busy market looks busy.
 */
import type { PairDef } from './assets'
import type { PriceModel } from './price'

export interface KrakenTicker {
  a: [string, string, string]
  b: [string, string, string]
  c: [string, string]
  v: [string, string]
  p: [string, string]
  t: [number, number]
  l: [string, string]
  h: [string, string]
  o: string
}

const STEP_MS = 5 * 60_000
const DAY_MS = 86_400_000
const TICK = 0.1

interface Window {
  low: number
  high: number
  vwapNumerator: number
  volume: number
  trades: number
}

function emptyWindow(): Window {
  return { low: Infinity, high: -Infinity, vwapNumerator: 0, volume: 0, trades: 0 }
}

const roundTick = (price: number): number => Math.round(price / TICK) * TICK
const price5 = (price: number): string => roundTick(price).toFixed(5)

/** A deterministic fraction in [0, 1) for an integer, for lot sizes that vary per trade. */
function fraction(n: number): number {
  const x = Math.sin(n * 12.9898) * 43758.5453
  return x - Math.floor(x)
}

export function computeTicker(model: PriceModel, pair: PairDef, nowMs: number): KrakenTicker {
  const at = (ms: number): number => model.btcPrice(pair.fiat, ms)
  const second = Math.floor(nowMs / 1000)
  const last = roundTick(at(second * 1000))
  const midnight = Math.floor(nowMs / DAY_MS) * DAY_MS
  const today = emptyWindow()
  const day = emptyWindow()

  // Samples on a fixed 5-minute grid (plus now) so the figures drift, not jump, per request.
  const times: number[] = []
  for (let t = Math.ceil((nowMs - DAY_MS) / STEP_MS) * STEP_MS; t <= nowMs; t += STEP_MS) {
    times.push(t)
  }
  if (times[times.length - 1] !== nowMs) times.push(nowMs)
  let previousT = (times[0] ?? nowMs) - STEP_MS
  let previous = at(previousT)
  for (const ts of times) {
    const price = at(ts)
    const span = (ts - previousT) / STEP_MS
    const move = Math.abs(Math.log(price / previous))
    const volume = (5 + 3 * Math.sin((2 * Math.PI * ts) / DAY_MS) + 4000 * move) * span
    previousT = ts
    previous = price
    for (const w of ts >= midnight ? [today, day] : [day]) {
      w.low = Math.min(w.low, price)
      w.high = Math.max(w.high, price)
      w.vwapNumerator += price * volume
      w.volume += volume
      w.trades += Math.round(volume * 7.3)
    }
  }
  for (const w of [today, day]) {
    w.low = Math.min(w.low, last)
    w.high = Math.max(w.high, last)
  }
  const vwap = (w: Window): string => (w.volume > 0 ? w.vwapNumerator / w.volume : last).toFixed(5)
  const askLots = 1 + Math.floor(fraction(second) * 4)
  const bidLots = 1 + Math.floor(fraction(second + 1) * 4)
  const lastLot = 0.0001 + fraction(second + 2) * 0.05

  return {
    a: [(last + TICK).toFixed(5), String(askLots), askLots.toFixed(3)],
    b: [last.toFixed(5), String(bidLots), bidLots.toFixed(3)],
    c: [last.toFixed(5), lastLot.toFixed(8)],
    v: [today.volume.toFixed(8), day.volume.toFixed(8)],
    p: [vwap(today), vwap(day)],
    t: [today.trades, day.trades],
    l: [price5(today.low), price5(day.low)],
    h: [price5(today.high), price5(day.high)],
    o: price5(at(midnight)),
  }
}
