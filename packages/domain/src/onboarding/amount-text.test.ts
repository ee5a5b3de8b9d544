import { describe, expect, it } from 'vitest'
import { formatMinor, formatMinorForInput, parseMoneyToMinor } from './amount-text'

describe('parseMoneyToMinor', () => {
  it.each([
    ['1234', 123400],
    ['0', 0],
    ['12.5', 1250],
    ['12,50', 1250],
    ['1,234.56', 123456],
    ['1.234,56', 123456],
    ['1 234,5', 123450],
    ['1,234', 123400],
    ['1.000.000', 100000000],
    [' 25000 ', 2500000],
    ['12.999', 1299900],
  ])('reads %j as %i minor units', (text, minor) => {
    expect(parseMoneyToMinor(text)).toBe(minor)
  })

  it.each(['', 'abc', '12.345.6', '1,2,3', '10.', '-5', '1.5.00', '£12'])('refuses %j', (text) => {
    expect(parseMoneyToMinor(text)).toBeNull()
  })
})

describe('formatMinorForInput', () => {
  it('shows whole amounts without decimals and others with two, in the language', () => {
    expect(formatMinorForInput(250000, 'en')).toBe('2500')
    expect(formatMinorForInput(1250, 'en')).toBe('12.50')
    expect(formatMinorForInput(1250, 'de')).toBe('12,50')
  })

  it('reads back what it wrote', () => {
    for (const minor of [0, 5, 1250, 123456789]) {
      expect(parseMoneyToMinor(formatMinorForInput(minor, 'de'))).toBe(minor)
      expect(parseMoneyToMinor(formatMinorForInput(minor, 'en'))).toBe(minor)
    }
  })
})

describe('formatMinor', () => {
  it('shows the currency', () => {
    expect(formatMinor(123450, 'GBP', 'en')).toBe('£1,234.50')
  })
})
