import { describe, expect, it } from 'vitest'
import {
  applyKey,
  convertEntry,
  entryToFiatMinor,
  fiatMinorToEntry,
  keepAmountCharacters,
  resolveAmount,
  type AmountUnit,
  type KeypadKey,
} from './amount'
import { parseSatText } from './sat-text'

function type(keys: KeypadKey[], unit: AmountUnit, from = ''): string {
  return keys.reduce((entry, key) => applyKey(entry, key, unit), from)
}

describe('keying an amount', () => {
  it('types digits and up to two decimals in fiat', () => {
    expect(type(['1', '2', 'decimal', '5'], 'fiat')).toBe('12.5')
    expect(type(['1', '2', 'decimal', '5', '0', '9'], 'fiat')).toBe('12.50')
  })

  it('starts a leading decimal point with a zero and takes only one point', () => {
    expect(type(['decimal', '5'], 'fiat')).toBe('0.5')
    expect(type(['3', 'decimal', 'decimal', '1'], 'fiat')).toBe('3.1')
  })

  it('has no decimal point in sats', () => {
    expect(type(['1', 'decimal', '2'], 'sat')).toBe('12')
  })

  it('drops a leading zero', () => {
    expect(type(['0', '0', '7'], 'fiat')).toBe('7')
    expect(type(['0', '0'], 'sat')).toBe('0')
  })

  it('stops at seven digits before the point in fiat and nine in sats', () => {
    expect(type(Array<KeypadKey>(9).fill('9'), 'fiat')).toBe('9999999')
    expect(type(Array<KeypadKey>(12).fill('1'), 'sat')).toBe('111111111')
    expect(type(['decimal', '1', '2'], 'fiat', '9999999')).toBe('9999999.12')
  })

  it('deletes the last character and clears everything', () => {
    expect(type(['backspace'], 'fiat', '12.5')).toBe('12.')
    expect(type(['backspace', 'backspace'], 'fiat', '12.5')).toBe('12')
    expect(type(['backspace'], 'fiat', '')).toBe('')
    expect(type(['clear'], 'fiat', '12.5')).toBe('')
  })
})

describe('reading the keyed amount', () => {
  it('reads fiat text as minor units and back', () => {
    expect(entryToFiatMinor('12.5')).toBe(1250)
    expect(entryToFiatMinor('12.')).toBe(1200)
    expect(entryToFiatMinor('0.05')).toBe(5)
    expect(entryToFiatMinor('')).toBe(0)
    expect(fiatMinorToEntry(1250)).toBe('12.50')
    expect(fiatMinorToEntry(1200)).toBe('12')
    expect(fiatMinorToEntry(5)).toBe('0.05')
    expect(fiatMinorToEntry(0)).toBe('')
  })

  it('charges fiat exactly as keyed and shows the sats it is worth', () => {
    expect(resolveAmount('12.50', 'fiat', 5_000_000)).toEqual({
      fiatMinor: 1250,
      sat: 25_000,
      charge: { fiatMinor: 1250 },
      problem: null,
    })
  })

  it('charges sats as keyed and shows their fiat value', () => {
    expect(resolveAmount('25000', 'sat', 5_000_000)).toEqual({
      fiatMinor: 1250,
      sat: 25_000,
      charge: { sat: 25_000 },
      problem: null,
    })
  })

  it('has nothing to charge while nothing or zero is keyed', () => {
    expect(resolveAmount('', 'fiat', 5_000_000).charge).toBeNull()
    expect(resolveAmount('0.00', 'fiat', 5_000_000).charge).toBeNull()
    expect(resolveAmount('0', 'sat', null).charge).toBeNull()
  })

  it('says when an amount is worth less than a sat or more than one payment may take', () => {
    // £0.01 at £50,000,000 per BTC is 0.02 sat
    expect(resolveAmount('0.01', 'fiat', 5_000_000_000).problem).toBe('tooSmall')
    expect(resolveAmount('100000000', 'sat', null).problem).toBeNull()
    expect(resolveAmount('100000001', 'sat', null).problem).toBe('tooLarge')
    expect(resolveAmount('50000.01', 'fiat', 5_000_000).problem).toBe('tooLarge')
  })

  it('still charges fiat without a price, leaving the sats to the server', () => {
    expect(resolveAmount('3', 'fiat', null)).toEqual({
      fiatMinor: 300,
      sat: null,
      charge: { fiatMinor: 300 },
      problem: null,
    })
  })
})

describe('switching between fiat and sats', () => {
  it('keeps the amount when the unit changes', () => {
    expect(convertEntry('12.50', 'fiat', 5_000_000)).toBe('25000')
    expect(convertEntry('25000', 'sat', 5_000_000)).toBe('12.50')
    expect(convertEntry('', 'fiat', 5_000_000)).toBe('')
    expect(convertEntry('1', 'sat', 5_000_000)).toBe('')
  })
})

describe('an amount typed in a box', () => {
  it('keeps letters and other signs out', () => {
    expect(keepAmountCharacters('abc')).toBe('')
    expect(keepAmountCharacters('12a.5€')).toBe('12.5')
    expect(keepAmountCharacters('1 000,50')).toBe('1 000,50')
    expect(keepAmountCharacters('-5e3')).toBe('53')
  })

  it('reads sats as a whole number, grouped or not, and says when it has decimals', () => {
    expect(parseSatText('250000')).toBe(250_000)
    expect(parseSatText(' 250 000 ')).toBe(250_000)
    expect(parseSatText('250,000')).toBe(250_000)
    expect(parseSatText('1.000.000')).toBe(1_000_000)
    expect(parseSatText('0')).toBe(0)
    expect(parseSatText('1.5')).toBe('fraction')
    expect(parseSatText('0,25')).toBe('fraction')
    expect(parseSatText('abc')).toBeNull()
    expect(parseSatText('1e5')).toBeNull()
    expect(parseSatText('')).toBeNull()
  })
})
