import { describe, expect, it } from 'vitest'
import { formatFiat, formatSatNumber } from '@/lib/money-format'
import { deduction } from './report-money'

const fiat = (minor: number) => formatFiat(minor, 'GBP', 'en')
const sats = (sat: number) => `${formatSatNumber(sat, 'en')} sats`

describe('amounts a report takes away', () => {
  it('writes nothing taken away without a minus sign', () => {
    expect(deduction(0, fiat)).toBe('£0.00')
    expect(deduction(0, sats)).toBe('0 sats')
    expect(deduction(-0, fiat)).toBe('£0.00')
  })

  it('writes a refund with a minus sign', () => {
    expect(deduction(250, fiat)).toBe('−£2.50')
    expect(deduction(1200, sats)).toBe('−1,200 sats')
  })

  it('writes no amount as nothing', () => {
    expect(deduction(null, fiat)).toBe('')
  })
})
