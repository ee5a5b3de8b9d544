import { describe, expect, it } from 'vitest'
import { addressGroups, bip21WithAmount, satsToBtc } from './bitcoin-format'

describe('addressGroups', () => {
  it('splits an address into groups of four, the last one shorter', () => {
    expect(addressGroups('bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080')).toEqual([
      'bcrt',
      '1qw5',
      '08d6',
      'qejx',
      'tdg4',
      'y5r3',
      'zarv',
      'ary0',
      'c5xw',
      '7kyg',
      't080',
    ])
    expect(addressGroups('abcdef')).toEqual(['abcd', 'ef'])
    expect(addressGroups('')).toEqual([])
  })
})

describe('satsToBtc', () => {
  it('writes sats as bitcoin with all eight decimals', () => {
    expect(satsToBtc(200_000)).toBe('0.00200000')
    expect(satsToBtc(123_456_789)).toBe('1.23456789')
    expect(satsToBtc(1)).toBe('0.00000001')
  })
})

describe('bip21WithAmount', () => {
  it('asks for the new amount and keeps the address and label', () => {
    expect(
      bip21WithAmount('bitcoin:bcrt1qxyz?amount=0.0025&label=Channel%20deposit', 150_000),
    ).toBe('bitcoin:bcrt1qxyz?amount=0.00150000&label=Channel+deposit')
    expect(bip21WithAmount('bitcoin:bcrt1qxyz', 1)).toBe('bitcoin:bcrt1qxyz?amount=0.00000001')
  })
})
