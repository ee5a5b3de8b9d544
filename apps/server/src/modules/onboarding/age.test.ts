import { describe, expect, it } from 'vitest'

describe('age', () => {
  it('counts calendar years, so an 18th birthday is 18', async () => {
    const { ageOn } = await import('./schemas')
    const today = new Date(Date.UTC(2026, 10, 22))
    expect(ageOn('2008-11-22', today)).toBe(18)
    expect(ageOn('2008-11-23', today)).toBe(17)
    expect(ageOn('2008-02-29', new Date(Date.UTC(2026, 1, 28)))).toBe(17)
    expect(ageOn('1985-12-10', today)).toBe(40)
  })
})
