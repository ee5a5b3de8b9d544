/**
 * What the customer reads in each state of an invoice (rendered to HTML, as the browser would
 * get it), in English and German, with the countdown on the server's clock and no way back to a
 * `javascript:` URL.
 */
import { h } from 'preact'
import { renderToString } from 'preact-render-to-string'
import { afterAll, describe, expect, it } from 'vitest'
import type { TCheckout, TPaymentLinkPage } from '@app/domain'
import de from '../../public/locales/de/checkout.json'
import en from '../../public/locales/en/checkout.json'
import { CheckoutScreen, effectiveCheckout } from './checkout-page'
import { setMessages } from './i18n'
import { LinkPage } from './link-page'

const SERVER_NOW = '2026-11-28T12:00:28Z'

function fixture(overrides: Partial<TCheckout> = {}): TCheckout {
  return {
    id: '0b7c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d',
    business: { name: 'Corner Café', logoUrl: '/api/images/logo-1' },
    status: 'new',
    exception: null,
    amount: 1250,
    currency: 'EUR',
    amountSat: 21_345,
    receivedSat: 0,
    description: 'Two flat whites',
    lightningInvoice: 'lnbcrt213450n1pexampleinvoice',
    address: 'bcrt1qexampleaddress0000000000000000000000',
    bip21:
      'bitcoin:bcrt1qexampleaddress0000000000000000000000?amount=0.00021345&lightning=lnbcrt213450n1pexampleinvoice',
    acceptsEcash: true,
    expiresAt: '2026-11-28T12:15:00Z',
    settledAt: null,
    serverTime: SERVER_NOW,
    redirectUrl: 'https://shop.example/thanks?order=42',
    paymentLinkId: null,
    ...overrides,
  }
}

/** The page as text, tags dropped, the few entities the renderer writes read back. */
function text(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
}

/** One moment of the checkout, on a phone whose clock agrees with the server's. */
function screen(checkout: TCheckout, redirectIn: number | null = null): string {
  return renderToString(
    h(CheckoutScreen, { checkout, offset: 0, now: Date.parse(SERVER_NOW), redirectIn }),
  )
}

describe('the checkout in English', () => {
  setMessages('en', en)

  it('new: amount in euros and sats, one BIP21 QR, copy buttons, wallet link, countdown, token box', () => {
    const html = screen(fixture())
    const page = text(html)
    expect(page).toContain('Corner Café')
    expect(page).toContain('€12.50')
    expect(page).toContain('≈ 21,345 sats')
    expect(page).toContain('Two flat whites')
    expect(html).toContain('<svg class="qr"')
    expect(html).toContain('aria-label="QR code to pay €12.50 with a Bitcoin wallet')
    expect(html).toContain(`href="${fixture().bip21?.replace(/&/g, '&amp;')}"`)
    expect(page).toContain('Copy Lightning invoice')
    expect(page).toContain('Copy on-chain address')
    expect(page).toContain('Copy amount in BTC')
    // 12:15:00 less 12:00:28 by the server's clock
    expect(page).toContain('Expires in 14:32 — rate held until then')
    expect(page).toContain('Pay with a Cashu token')
  })

  it('a sats invoice shows sats once; no address means a lightning: link and no address button', () => {
    const html = screen(
      fixture({ currency: 'SAT', amount: 5000, amountSat: 5000, address: null, bip21: null }),
    )
    const page = text(html)
    expect(page).toContain('5,000 sats')
    expect(page).not.toContain('≈')
    expect(html).toContain('href="lightning:lnbcrt213450n1pexampleinvoice"')
    expect(page).not.toContain('Copy on-chain address')
  })

  it('without ecash there is no token box', () => {
    expect(text(screen(fixture({ acceptsEcash: false })))).not.toContain('Cashu')
  })

  it('processing: payment seen, what arrived, no QR', () => {
    const html = screen(fixture({ status: 'processing', receivedSat: 21_345 }))
    expect(text(html)).toContain('Payment seen, waiting for confirmation')
    expect(text(html)).toContain('21,345 sats received')
    expect(html).not.toContain('class="qr"')
  })

  it('settled: paid, back to the shop with the seconds left, and a receipt', () => {
    const html = screen(fixture({ status: 'settled', receivedSat: 21_345 }), 4)
    const page = text(html)
    expect(page).toContain('Paid')
    expect(page).toContain('Thank you! Corner Café has received your payment.')
    expect(html).toContain('href="https://shop.example/thanks?order=42"')
    expect(page).toContain('Back to Corner Café')
    expect(page).toContain('Going back to Corner Café in 4 s.')
    expect(page).toContain('Stay on this page')
    expect(page).toContain('Receipt')
    expect(page).toContain('0b7c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d')
    expect(page).not.toContain('Expires in')
  })

  it.each(['javascript:alert(document.cookie)', 'data:text/html,hi', 'JAVASCRIPT:alert(1)'])(
    'settled with a redirect URL of %s: no link back, only the receipt',
    (redirectUrl) => {
      const html = screen(fixture({ status: 'settled', redirectUrl }))
      expect(html.toLowerCase()).not.toContain('javascript:')
      expect(html).not.toContain('data:text')
      expect(text(html)).not.toContain('Back to Corner Café')
      expect(text(html)).toContain('Receipt')
    },
  )

  it('expired: says so, and offers a new invoice only when it came from a link', () => {
    const plain = text(screen(fixture({ status: 'expired' })))
    expect(plain).toContain('This invoice has expired')
    expect(plain).not.toContain('Get a new invoice')
    const fromLink = text(screen(fixture({ status: 'expired', paymentLinkId: 'lnk_1' })))
    expect(fromLink).toContain('Get a new invoice')
  })

  it('invalid: not to be paid', () => {
    const page = text(screen(fixture({ status: 'invalid' })))
    expect(page).toContain('This invoice is no longer valid')
    expect(page).toContain('Corner Café has cancelled it.')
  })

  it('paid partly on-chain: how much of how much arrived, whom to contact', () => {
    const html = screen(fixture({ status: 'new', exception: 'paid_partial', receivedSat: 10_000 }))
    expect(text(html)).toContain(
      'Only 10,000 sats of 21,345 sats arrived. Contact Corner Café for the rest or a refund.',
    )
    expect(html).not.toContain('class="qr"')
  })

  it('paid too much: the difference can be refunded', () => {
    const page = text(
      screen(fixture({ status: 'settled', exception: 'paid_over', receivedSat: 30_000 })),
    )
    expect(page).toContain('More than asked arrived: 30,000 sats of 21,345 sats.')
  })

  it('paid late, settled or still confirming: the merchant will contact the customer', () => {
    for (const status of ['settled', 'processing'] as const) {
      const page = text(screen(fixture({ status, exception: 'paid_late', receivedSat: 21_345 })))
      expect(page).toContain('Your payment arrived after the invoice expired')
      expect(page).toContain('Corner Café will contact you.')
    }
  })

  it('the countdown running out reads as expired before the server says so', () => {
    const checkout = fixture()
    const end = Date.parse(checkout.expiresAt)
    expect(effectiveCheckout(checkout, 0, end - 1000).status).toBe('new')
    expect(effectiveCheckout(checkout, 0, end).status).toBe('expired')
    // a phone 5 minutes slow: the server's clock decides
    expect(effectiveCheckout(checkout, 5 * 60_000, end - 5 * 60_000).status).toBe('expired')
    // a payment seen is not taken for an expiry
    expect(effectiveCheckout({ ...checkout, status: 'processing' }, 0, end).status).toBe(
      'processing',
    )
  })
})

describe('the checkout in German', () => {
  afterAll(() => setMessages('en', en))

  it('writes amounts and texts the German way', () => {
    setMessages('de', de)
    const page = text(screen(fixture()))
    expect(page).toContain('12,50 €')
    expect(page).toContain('≈ 21.345 sats')
    expect(page).toContain('Läuft ab in 14:32')
    expect(text(screen(fixture({ status: 'settled' })))).toContain('Bezahlt')
  })
})

describe('the payment link page', () => {
  setMessages('en', en)
  const link: TPaymentLinkPage = {
    id: 'lnk_1',
    business: { name: 'Corner Café', logoUrl: null },
    name: 'Coffee beans 1 kg',
    description: 'Roasted this week',
    amount: 2400,
    currency: 'GBP',
    closed: null,
  }

  it('a fixed amount: the amount and Pay, no field', () => {
    const html = renderToString(h(LinkPage, { link }))
    expect(text(html)).toContain('Coffee beans 1 kg')
    expect(text(html)).toContain('£24.00')
    expect(html).not.toContain('<input')
    expect(text(html)).toContain('Pay')
  })

  it('an open amount asks for it in the link’s currency', () => {
    const html = renderToString(h(LinkPage, { link: { ...link, amount: null, currency: 'SAT' } }))
    expect(html).toContain('id="link-amount"')
    expect(text(html)).toContain('Amount in sats')
  })

  it.each([
    ['inactive', 'This payment link is no longer active.'],
    ['used_up', 'This payment link has been used as often as it can be.'],
    ['ended', 'This payment link has ended.'],
  ] as const)('closed (%s) says why and offers no Pay', (closed, why) => {
    const html = renderToString(h(LinkPage, { link: { ...link, closed } }))
    expect(text(html)).toContain(why)
    expect(html).not.toContain('type="submit"')
  })
})
