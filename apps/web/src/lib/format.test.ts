import { describe, expect, it } from 'vitest'
import { dateTimeFormat, formatPercent, numberFormat } from './format'

describe('percentages', () => {
  it('are written as the language writes them, never broken between number and sign', () => {
    expect(formatPercent(1, 'en')).toBe('1%')
    expect(formatPercent(1.5, 'de')).toBe('1,5\u00a0%')
    // French takes a narrow no-break space where the ICU data has it, else a no-break space
    expect(formatPercent(0.25, 'fr')).toMatch(/^0,25[\u00a0\u202f]%$/)
    expect(formatPercent(10, 'es')).toBe('10\u00a0%')
    expect(formatPercent(12.345, 'nl')).toBe('12,35%')
  })
})

describe('formats', () => {
  it('are made once per locale and options, and differ where either does', () => {
    const grouped = numberFormat('de', { maximumFractionDigits: 0 })
    expect(numberFormat('de', { maximumFractionDigits: 0 })).toBe(grouped)
    expect(grouped.format(12345)).toBe('12.345')
    expect(numberFormat('en', { maximumFractionDigits: 0 }).format(12345)).toBe('12,345')
    expect(numberFormat('de', { maximumFractionDigits: 2 }).format(1.234)).toBe('1,23')
    const utc = dateTimeFormat('en', { timeZone: 'UTC', hour: 'numeric', hourCycle: 'h23' })
    expect(utc.format(new Date('2026-03-02T05:00:00Z'))).toBe('05')
    expect(dateTimeFormat('en', { timeZone: 'UTC', hour: 'numeric', hourCycle: 'h23' })).toBe(utc)
  })
})
