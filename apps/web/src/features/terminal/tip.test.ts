import { describe, expect, it } from 'vitest'
import { NO_TIP, tipAmount } from './tip'

describe('tipAmount', () => {
  it('is a rounded percentage of the amount, in its unit', () => {
    expect(tipAmount({ kind: 'percent', percent: 10 }, 1250, 'fiat')).toBe(125)
    expect(tipAmount({ kind: 'percent', percent: 15 }, 999, 'fiat')).toBe(150)
    expect(tipAmount({ kind: 'percent', percent: 5 }, 2_001, 'sat')).toBe(100)
  })

  it('reads a custom tip as keyed, and nothing else', () => {
    expect(tipAmount({ kind: 'custom', entry: '1.5' }, 1000, 'fiat')).toBe(150)
    expect(tipAmount({ kind: 'custom', entry: '2,25' }, 1000, 'fiat')).toBe(225)
    expect(tipAmount({ kind: 'custom', entry: '300' }, 1000, 'sat')).toBe(300)
    expect(tipAmount({ kind: 'custom', entry: 'abc' }, 1000, 'fiat')).toBe(0)
    expect(tipAmount(NO_TIP, 1000, 'fiat')).toBe(0)
    expect(tipAmount({ kind: 'percent', percent: 10 }, 0, 'fiat')).toBe(0)
  })
})
