import { describe, expect, it } from 'vitest'
import { formatPercent } from './format'

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
