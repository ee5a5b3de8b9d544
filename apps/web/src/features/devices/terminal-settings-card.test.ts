import { describe, expect, it } from 'vitest'
import { parseTipPercents } from './terminal-settings-card'

describe('parseTipPercents', () => {
  it('reads up to four percentages, sorted, without repeats', () => {
    expect(parseTipPercents('15, 5,10')).toEqual([5, 10, 15])
    expect(parseTipPercents('10% 10 20')).toEqual([10, 20])
    expect(parseTipPercents('')).toEqual([])
  })
  it('refuses what the server would refuse', () => {
    expect(parseTipPercents('5, 10, 15, 20, 25')).toBeNull()
    expect(parseTipPercents('0')).toBeNull()
    expect(parseTipPercents('101')).toBeNull()
    expect(parseTipPercents('7.5')).toBeNull()
  })
})
