/** The checkout's rules without a browser: states, the server's clock, where the customer goes. */
import { describe, expect, it } from 'vitest'
import {
  checkoutView,
  clockOffset,
  formatCountdown,
  isFinal,
  safeRedirectUrl,
  secondsLeft,
  walletHref,
} from './view'

describe('checkoutView', () => {
  it.each([
    ['new', null, 'pay'],
    ['new', 'paid_partial', 'partial'],
    ['expired', 'paid_partial', 'partial'],
    ['invalid', 'paid_partial', 'partial'],
    ['processing', null, 'processing'],
    ['processing', 'paid_over', 'processing'],
    ['processing', 'paid_late', 'processing'],
    ['settled', null, 'settled'],
    ['settled', 'paid_over', 'settled'],
    ['settled', 'paid_late', 'settled'],
    ['expired', null, 'expired'],
    ['invalid', null, 'invalid'],
  ] as const)('%s with %s shows %s', (status, exception, kind) => {
    expect(checkoutView({ status, exception }).kind).toBe(kind)
  })

  it('is final once settled, expired or invalid', () => {
    expect(
      ['new', 'processing', 'settled', 'expired', 'invalid'].filter((s) =>
        isFinal({ status: s as 'new' }),
      ),
    ).toEqual(['settled', 'expired', 'invalid'])
  })
})

describe('the countdown runs on the server’s clock', () => {
  it('a phone whose clock is 10 minutes fast still sees the 15 minutes the server gives', () => {
    const phoneNow = Date.parse('2026-11-28T12:10:00Z')
    const offset = clockOffset('2026-11-28T12:00:00Z', phoneNow)
    expect(offset).toBe(-10 * 60_000)
    expect(secondsLeft('2026-11-28T12:15:00Z', offset, phoneNow)).toBe(15 * 60)
    // a minute later on the phone
    expect(secondsLeft('2026-11-28T12:15:00Z', offset, phoneNow + 60_000)).toBe(14 * 60)
  })

  it('never goes below zero and reads as minutes and seconds', () => {
    expect(secondsLeft('2026-11-28T12:00:00Z', 0, Date.parse('2026-11-28T12:30:00Z'))).toBe(0)
    expect(formatCountdown(872)).toBe('14:32')
    expect(formatCountdown(59)).toBe('0:59')
    expect(formatCountdown(3723)).toBe('1:02:03')
  })

  it('an unreadable server time means no correction', () => {
    expect(clockOffset('not a date', 1000)).toBe(0)
  })
})

describe('safeRedirectUrl', () => {
  it('follows http and https', () => {
    expect(safeRedirectUrl('https://shop.example/thanks?order=42')).toBe(
      'https://shop.example/thanks?order=42',
    )
    expect(safeRedirectUrl('http://localhost:8080/done')).toBe('http://localhost:8080/done')
  })

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    '/relative/path',
    '//evil.example/x',
    'https://shop.example/\u0000',
    '',
    null,
    undefined,
  ])('refuses %j', (url) => {
    expect(safeRedirectUrl(url)).toBeNull()
  })
})

describe('walletHref', () => {
  it('opens the BIP21 URI, else the Lightning invoice, else the address', () => {
    const bip21 = 'bitcoin:bcrt1qaddress?amount=0.0002&lightning=lnbcrt1invoice'
    expect(
      walletHref({ bip21, lightningInvoice: 'lnbcrt1invoice', address: 'bcrt1qaddress' }),
    ).toBe(bip21)
    expect(walletHref({ bip21: null, lightningInvoice: 'lnbcrt1invoice', address: null })).toBe(
      'lightning:lnbcrt1invoice',
    )
    expect(walletHref({ bip21: null, lightningInvoice: null, address: 'bcrt1qaddress' })).toBe(
      'bitcoin:bcrt1qaddress',
    )
    expect(walletHref({ bip21: null, lightningInvoice: null, address: null })).toBeNull()
  })
})
