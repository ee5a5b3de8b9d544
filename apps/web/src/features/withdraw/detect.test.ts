import { describe, expect, it } from 'vitest'
import { detectDestination, newWithdrawalKey, scannedDestination } from './detect'

describe('detectDestination', () => {
  it('says nothing for an empty field', () => {
    expect(detectDestination('  ', 'simnet', true)).toEqual({ state: 'empty' })
  })

  it('reads a Lightning address and a regtest address offline', () => {
    expect(detectDestination('shop@example.com', 'mainnet', true)).toMatchObject({
      state: 'ok',
      kind: 'lightningAddress',
      rail: 'lightning',
    })
    expect(
      detectDestination('bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', 'simnet', true),
    ).toMatchObject({ state: 'ok', kind: 'bitcoinAddress', rail: 'onchain' })
  })

  it('gives the catalogue code of what is wrong', () => {
    expect(detectDestination('hello', 'simnet', true)).toEqual({
      state: 'error',
      code: 'WITHDRAW_INVALID_DESTINATION',
    })
    expect(
      detectDestination('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', 'mainnet', true),
    ).toEqual({ state: 'error', code: 'WITHDRAW_INVALID_ADDRESS' })
  })

  it('makes version 4 UUIDs', () => {
    expect(newWithdrawalKey()).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    )
  })

  it('keeps a scanned upper-case invoice in lower case, and other text as it is', () => {
    expect(scannedDestination(' LIGHTNING:LNBCRT10U1P4ABC \n')).toBe('lightning:lnbcrt10u1p4abc')
    expect(scannedDestination('LNBCRT10U1P4ABC')).toBe('lnbcrt10u1p4abc')
    expect(scannedDestination('bitcoin:BCRT1QXYZ?label=Café')).toBe('bitcoin:BCRT1QXYZ?label=Café')
    expect(scannedDestination('Shop@Example.com')).toBe('Shop@Example.com')
  })
})
