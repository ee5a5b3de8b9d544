import { describe, expect, it } from 'vitest'
import { depositRefId, ledgerId, parseXbtToSat, satToXbt, withdrawalRefId } from './format'

describe('amounts', () => {
  it('prints satoshis as Kraken prints XBT', () => {
    expect(satToXbt(0)).toBe('0.0000000000')
    expect(satToXbt(110_000)).toBe('0.0011000000')
    expect(satToXbt(250_000_000, 8)).toBe('2.50000000')
    expect(satToXbt(-2_000)).toBe('-0.0000200000')
  })

  it('reads decimal amounts into satoshis', () => {
    expect(parseXbtToSat('0.725')).toBe(72_500_000)
    expect(parseXbtToSat('0.00012345')).toBe(12_345)
    expect(parseXbtToSat('0.0000123456')).toBe(1_234)
    expect(parseXbtToSat(0.001)).toBe(100_000)
    expect(parseXbtToSat('5e-5')).toBe(5_000)
    expect(parseXbtToSat(1e-7)).toBe(10)
  })

  it('refuses what is not a positive amount', () => {
    for (const bad of ['', 'abc', '-1', '0', '0.000000001', '1,5', undefined, null]) {
      expect(parseXbtToSat(bad)).toBeUndefined()
    }
  })
})

describe('reference ids', () => {
  it('look like Kraken references', () => {
    expect(depositRefId()).toMatch(/^Q[A-Z2-7]{6}-[A-Z2-7]{6}-[A-Z2-7]{6}$/)
    expect(withdrawalRefId()).toMatch(/^FT[A-Za-z0-9]{5}-[A-Za-z0-9]{22}$/)
    expect(ledgerId()).toMatch(/^L[A-Z2-7]{5}-[A-Z2-7]{5}-[A-Z2-7]{6}$/)
  })
})
