import { describe, expect, it } from 'vitest'
import { dayInput, periodOf } from './period'

const now = new Date(2026, 10, 25, 14, 30)
const local = (y: number, m: number, d: number) => new Date(y, m, d).toISOString()

describe('report periods', () => {
  it('covers whole local days', () => {
    const custom = { from: '', to: '' }
    expect(periodOf('today', custom, now)).toEqual({
      from: local(2026, 10, 25),
      to: local(2026, 10, 26),
    })
    expect(periodOf('yesterday', custom, now)).toEqual({
      from: local(2026, 10, 24),
      to: local(2026, 10, 25),
    })
    expect(periodOf('week', custom, now)).toEqual({
      from: local(2026, 10, 19),
      to: local(2026, 10, 26),
    })
  })

  it('takes chosen dates, both included, and refuses a backwards or empty choice', () => {
    expect(periodOf('custom', { from: '2026-11-01', to: '2026-11-03' }, now)).toEqual({
      from: local(2026, 10, 1),
      to: local(2026, 10, 4),
    })
    expect(periodOf('custom', { from: '2026-11-05', to: '2026-11-03' }, now)).toBeNull()
    expect(periodOf('custom', { from: '', to: '2026-11-03' }, now)).toBeNull()
    expect(dayInput(now)).toBe('2026-11-25')
  })
})
