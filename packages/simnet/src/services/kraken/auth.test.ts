import { createHash, createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  extractNonce,
  isNonceFresh,
  isSignatureShaped,
  isSignatureValid,
  krakenSignature,
  newApiCredentials,
} from './auth'

describe('Kraken request signing', () => {
  // The worked example from Kraken's REST authentication guide.
  it('reproduces the documented example signature', () => {
    const secret =
      'kQH5HW/8p1uGOVjbgWA7FunAmGO8lsSUXNsu3eow76sz84Q18fWxnyRzBHCd3pd5nE9qa99HAZtuZuj6F1huXg=='
    const postData =
      'nonce=1616492376594&ordertype=limit&pair=XBTUSD&price=37500&type=buy&volume=1.25'
    expect(krakenSignature('/0/private/AddOrder', '1616492376594', postData, secret)).toBe(
      '4/dpxb3iT4tp/ZCVEwSnEsLxx0bqyhLpdfOpc6fn7OR8+UClSV5n9E6aSS8MPtnRfp32bAb0nmbRn6H8ndwLUQ==',
    )
  })

  it('matches an independent HMAC over path + SHA256(nonce + body)', () => {
    const { secret } = newApiCredentials()
    const body = 'nonce=42&asset=XBT'
    const inner = createHash('sha256')
      .update('42' + body)
      .digest()
    const expected = createHmac('sha512', Buffer.from(secret, 'base64'))
      .update(Buffer.concat([Buffer.from('/0/private/Balance'), inner]))
      .digest('base64')
    expect(krakenSignature('/0/private/Balance', '42', body, secret)).toBe(expected)
  })

  it('accepts the signature only for the signed path, body and secret', () => {
    const a = newApiCredentials()
    const b = newApiCredentials()
    const sig = krakenSignature('/0/private/Balance', '7', 'nonce=7', a.secret)
    expect(isSignatureValid(sig, ['/0/private/Balance'], '7', 'nonce=7', a.secret)).toBe(true)
    expect(isSignatureValid(sig, ['/0/private/Ledgers'], '7', 'nonce=7', a.secret)).toBe(false)
    expect(isSignatureValid(sig, ['/0/private/Balance'], '7', 'nonce=7&x=1', a.secret)).toBe(false)
    expect(isSignatureValid(sig, ['/0/private/Balance'], '7', 'nonce=7', b.secret)).toBe(false)
  })

  it('tells a malformed API-Sign from a wrong one', () => {
    expect(isSignatureShaped(undefined)).toBe(false)
    expect(isSignatureShaped('not base64!')).toBe(false)
    expect(isSignatureShaped(Buffer.alloc(32).toString('base64'))).toBe(false)
    expect(isSignatureShaped(Buffer.alloc(64).toString('base64'))).toBe(true)
  })

  it('issues keys shaped like Kraken keys', () => {
    const { key, secret } = newApiCredentials()
    expect(key).toHaveLength(56)
    expect(Buffer.from(secret, 'base64')).toHaveLength(64)
  })
})

describe('nonces', () => {
  it('must strictly increase, compared as integers beyond 2^53', () => {
    expect(isNonceFresh('1', undefined)).toBe(true)
    expect(isNonceFresh('10', '9')).toBe(true)
    expect(isNonceFresh('9', '10')).toBe(false)
    expect(isNonceFresh('10', '10')).toBe(false)
    expect(isNonceFresh('1700000000000000001', '1700000000000000000')).toBe(true)
    expect(isNonceFresh('abc', undefined)).toBe(false)
  })

  it('reads the nonce digits exactly from form and JSON bodies', () => {
    expect(extractNonce('nonce=123&asset=XBT', false)).toBe('123')
    expect(extractNonce('asset=XBT', false)).toBeUndefined()
    expect(extractNonce('{"nonce": 1700000000000000001, "asset":"XBT"}', true)).toBe(
      '1700000000000000001',
    )
    expect(extractNonce('{"nonce":"55"}', true)).toBe('55')
  })
})
