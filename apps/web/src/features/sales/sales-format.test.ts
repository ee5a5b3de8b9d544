import { describe, expect, it } from 'vitest'
import { formatDayKey } from './sales-format'

describe('sales days', () => {
  it('names the server’s UTC day whatever the local zone', () => {
    expect(formatDayKey('2026-03-01', { day: 'numeric', month: 'short' }, 'en')).toBe('Mar 1')
  })
})
