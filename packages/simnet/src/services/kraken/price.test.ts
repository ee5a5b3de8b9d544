import { describe, expect, it } from 'vitest'
import { PAIRS } from './assets'
import { PriceModel } from './price'
import { computeTicker } from './ticker'

const seedA = new Uint8Array(32).fill(1)
const seedB = new Uint8Array(32).fill(2)
const T0 = Date.UTC(2026, 10, 22, 14, 30, 0)
const MINUTE = 60_000

describe('price model', () => {
  it('is the same for the same seed and instant, and differs across seeds', () => {
    const a1 = new PriceModel(seedA)
    const a2 = new PriceModel(seedA)
    const b = new PriceModel(seedB)
    expect(a1.btcPrice('USD', T0)).toBe(a2.btcPrice('USD', T0))
    expect(a1.btcPrice('USD', T0)).not.toBe(b.btcPrice('USD', T0))
  })

  it('moves a little minute to minute and more over weeks, within a plausible band', () => {
    const m = new PriceModel(seedA)
    const steps: number[] = []
    let previous = m.btcPrice('USD', T0)
    for (let i = 1; i <= 600; i++) {
      const p = m.btcPrice('USD', T0 + i * MINUTE)
      steps.push(Math.abs(Math.log(p / previous)))
      previous = p
      expect(p).toBeGreaterThan(50_000)
      expect(p).toBeLessThan(190_000)
    }
    expect(Math.max(...steps)).toBeLessThan(0.01)
    expect(steps.filter((s) => s > 0).length).toBeGreaterThan(590)
    const month = Array.from({ length: 60 }, (_, d) => m.btcPrice('USD', T0 + d * 86_400_000))
    expect(Math.max(...month) / Math.min(...month)).toBeGreaterThan(1.03)
  })

  it('keeps EUR and GBP prices consistent with USD through a slowly moving rate', () => {
    const m = new PriceModel(seedA)
    for (let i = 0; i < 50; i++) {
      const t = T0 + i * 3_600_000
      const usd = m.btcPrice('USD', t)
      const eurRate = m.btcPrice('EUR', t) / usd
      const gbpRate = m.btcPrice('GBP', t) / usd
      expect(eurRate).toBeGreaterThan(0.85)
      expect(eurRate).toBeLessThan(1)
      expect(gbpRate).toBeGreaterThan(0.72)
      expect(gbpRate).toBeLessThan(0.86)
      expect(gbpRate).toBeLessThan(eurRate)
    }
  })
})

describe('ticker', () => {
  it('has Kraken fields, with strings where Kraken sends strings', () => {
    const m = new PriceModel(seedA)
    const pair = PAIRS[0]!
    const t = computeTicker(m, pair, T0)
    const decimal = /^\d+\.\d+$/
    for (const field of [t.a, t.b]) {
      expect(field).toHaveLength(3)
      expect(field[0]).toMatch(/^\d+\.\d{5}$/)
      expect(field[1]).toMatch(/^\d+$/)
      expect(field[2]).toMatch(/^\d+\.\d{3}$/)
    }
    expect(t.c[0]).toMatch(/^\d+\.\d{5}$/)
    expect(t.c[1]).toMatch(/^\d+\.\d{8}$/)
    for (const pairOfValues of [t.v, t.p, t.l, t.h]) {
      expect(pairOfValues).toHaveLength(2)
      for (const value of pairOfValues) expect(value).toMatch(decimal)
    }
    expect(t.t.every((n) => Number.isInteger(n) && n > 0)).toBe(true)
    expect(t.o).toMatch(/^\d+\.\d{5}$/)
  })

  it('is coherent: bid below ask, last within the day range, today within 24h', () => {
    const m = new PriceModel(seedA)
    const t = computeTicker(m, PAIRS[2]!, T0)
    const n = (s: string): number => Number(s)
    expect(n(t.b[0])).toBeLessThan(n(t.a[0]))
    expect(n(t.c[0])).toBeGreaterThanOrEqual(n(t.l[1]))
    expect(n(t.c[0])).toBeLessThanOrEqual(n(t.h[1]))
    expect(n(t.l[0])).toBeGreaterThanOrEqual(n(t.l[1]))
    expect(n(t.h[0])).toBeLessThanOrEqual(n(t.h[1]))
    expect(n(t.v[0])).toBeLessThan(n(t.v[1]))
    expect(t.t[0]).toBeLessThanOrEqual(t.t[1])
  })
})
