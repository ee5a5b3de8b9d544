/**
 * The exchange's BTC price: a deterministic random walk from the world seed, so the same seed
 * and instant always give the same price, and it drifts over months and jitters by the minute.
 * Built from layered value noise (random knots at several time scales, smoothly interpolated),
 * which needs no history: any instant is computed directly.
 */
import { createHash } from 'node:crypto'

export type Fiat = 'USD' | 'EUR' | 'GBP'

const BASE_USD = 97_000
/** Fiat per USD around which the exchange rates wander. */
const BASE_FX: Record<Fiat, number> = { USD: 1, EUR: 0.92, GBP: 0.79 }

interface Octave {
  periodSec: number
  amplitude: number
}

const MINUTE = 60
const HOUR = 3600
const DAY = 86_400

/** Amplitudes are in log space: 0.01 is about a 1% move. */
const BTC_OCTAVES: Octave[] = [
  { periodSec: 30 * DAY, amplitude: 0.14 },
  { periodSec: 6 * DAY, amplitude: 0.06 },
  { periodSec: DAY, amplitude: 0.025 },
  { periodSec: 4 * HOUR, amplitude: 0.012 },
  { periodSec: HOUR, amplitude: 0.005 },
  { periodSec: 10 * MINUTE, amplitude: 0.002 },
  { periodSec: MINUTE, amplitude: 0.0007 },
]

const FX_OCTAVES: Octave[] = [
  { periodSec: 20 * DAY, amplitude: 0.02 },
  { periodSec: 2 * DAY, amplitude: 0.004 },
]

export class PriceModel {
  private readonly cache = new Map<string, number>()

  constructor(private readonly seed: Uint8Array) {}

  /** BTC price in the fiat at an instant (ms), unrounded. */
  btcPrice(fiat: Fiat, atMs: number): number {
    const t = atMs / 1000
    const usd = BASE_USD * Math.exp(this.noise('btc', BTC_OCTAVES, t))
    if (fiat === 'USD') return usd
    return usd * BASE_FX[fiat] * Math.exp(this.noise(`fx:${fiat}`, FX_OCTAVES, t))
  }

  private noise(stream: string, octaves: Octave[], t: number): number {
    let sum = 0
    octaves.forEach((o, k) => {
      const x = t / o.periodSec
      const i = Math.floor(x)
      const f = x - i
      const s = f * f * (3 - 2 * f)
      const a = this.knot(stream, k, i)
      const b = this.knot(stream, k, i + 1)
      sum += o.amplitude * (a + (b - a) * s)
    })
    return sum
  }

  /** A uniform value in [-1, 1] for one knot of one octave, fixed by the seed. */
  private knot(stream: string, octave: number, index: number): number {
    const id = `${stream}:${octave}:${index}`
    const hit = this.cache.get(id)
    if (hit !== undefined) return hit
    const digest = createHash('sha256').update(this.seed).update(id).digest()
    const value = (digest.readUInt32BE(0) / 0xffffffff) * 2 - 1
    if (this.cache.size > 50_000) this.cache.clear()
    this.cache.set(id, value)
    return value
  }
}
