import { describe, expect, it } from 'vitest'
import { ageOn, isAdult, isPlausibleBirthDate, latestAdultBirthDate } from './person-age'

// The tests run with TZ=UTC (vitest.config.ts), so local dates below are UTC dates.
const today = new Date(2026, 5, 15) // 15 June 2026

describe('isAdult', () => {
  it('turns true on the eighteenth birthday, not the day before', () => {
    expect(isAdult('2008-06-15', today)).toBe(true)
    expect(isAdult('2008-06-16', today)).toBe(false)
    expect(isAdult('1980-01-01', today)).toBe(true)
  })

  it('refuses dates that are not days or not plausible', () => {
    expect(isAdult('2001-02-30', today)).toBe(false)
    expect(isAdult('15.06.1990', today)).toBe(false)
    expect(isAdult('1890-01-01', today)).toBe(false)
  })
})

describe('isPlausibleBirthDate', () => {
  it('accepts a past day and refuses a future one', () => {
    expect(isPlausibleBirthDate('2020-01-01', today)).toBe(true)
    expect(isPlausibleBirthDate('2027-01-01', today)).toBe(false)
  })
})

describe('ageOn and latestAdultBirthDate', () => {
  it('count full years', () => {
    expect(ageOn('2000-06-16', today)).toBe(25)
    expect(ageOn('2000-06-15', today)).toBe(26)
    expect(latestAdultBirthDate(today)).toBe('2008-06-15')
    expect(isAdult(latestAdultBirthDate(today), today)).toBe(true)
  })
})

describe('age', () => {
  it('counts calendar years, so an 18th birthday is 18', () => {
    const today = new Date(Date.UTC(2026, 10, 22))
    expect(ageOn('2008-11-22', today)).toBe(18)
    expect(ageOn('2008-11-23', today)).toBe(17)
    expect(ageOn('2008-02-29', new Date(Date.UTC(2026, 1, 28)))).toBe(17)
    expect(ageOn('1985-12-10', today)).toBe(40)
  })
})
