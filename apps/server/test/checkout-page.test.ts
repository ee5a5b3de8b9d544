/**
 * The customers' checkout and payment-link pages (`/pay/{invoiceId}`, `/l/{linkId}`) are the
 * checkout's own small page (checkout.html), not the dashboard's shell: sent precompressed, for
 * everyone alike, with the app's security headers. Other pages still get the shell.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { CHECKOUT_API, checkoutPath, paymentLinkPath } from '@app/domain'
import { scenario } from './harness'

const SHELL = `<!doctype html><html><head><title>Dashboard</title></head><body><div id="root"></div></body></html>`
const CHECKOUT = `<!doctype html><html><head><title>Checkout</title></head><body><div id="checkout"></div>${'<p></p>'.repeat(50)}</body></html>`

const webDist = mkdtempSync(path.join(tmpdir(), 'web-dist-checkout-'))
for (const [file, body] of [
  ['index.html', SHELL],
  ['checkout.html', CHECKOUT],
] as const) {
  writeFileSync(path.join(webDist, file), body)
  writeFileSync(path.join(webDist, `${file}.br`), brotliCompressSync(body))
  writeFileSync(path.join(webDist, `${file}.gz`), gzipSync(body))
}
mkdirSync(path.join(webDist, 'assets'))

const t = await scenario({ http: 'inject', webDist })
afterAll(async () => {
  await t.close()
  rmSync(webDist, { recursive: true, force: true })
})

const page = (url: string, acceptEncoding = 'gzip, br') =>
  t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } })

const body = (res: Awaited<ReturnType<typeof page>>) =>
  res.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(res.rawPayload).toString('utf8')
    : res.body

describe('checkout pages', () => {
  const invoiceId = '0b7c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d'

  it.each([
    checkoutPath(invoiceId),
    `${checkoutPath(invoiceId)}?lang=de`,
    paymentLinkPath('lnk_42'),
  ])(
    '%s is the checkout page, brotli, revalidated, not kept by shared caches, with the security headers',
    async (url) => {
      const res = await page(url)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toMatch(/^text\/html/)
      expect(res.headers['content-encoding']).toBe('br')
      expect(body(res)).toContain('<div id="checkout"></div>')
      expect(body(res)).not.toContain('<div id="root">')
      expect(res.headers['cache-control']).toBe('private, no-cache')
      expect(res.headers['content-security-policy']).toContain("script-src 'self'")
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'")
      expect(res.headers['x-frame-options']).toBe('DENY')
    },
  )

  it('its head hints what the page fetches first: the invoice or link, the texts in the customer’s language', async () => {
    const hint = (href: string) =>
      `<link rel="preload" href="${href}" as="fetch" crossorigin="anonymous">`
    const pay = await t.app.inject({
      method: 'GET',
      url: checkoutPath(invoiceId),
      headers: { 'accept-language': 'ja, de-AT;q=0.9, en;q=0.8' },
    })
    expect(pay.body).toContain(
      `${hint(CHECKOUT_API.invoice(invoiceId))}${hint('/locales/de/checkout.json')}</head>`,
    )
    const link = await t.app.inject({ method: 'GET', url: paymentLinkPath('lnk_42') })
    expect(link.body).toContain(hint(CHECKOUT_API.link('lnk_42')))
    expect(link.body).toContain(hint('/locales/en/checkout.json'))
    // nothing of a path that is not an id is written into the page
    const odd = await t.app.inject({ method: 'GET', url: '/pay/%22%3E%3Cscript%3Ex' })
    expect(odd.statusCode).toBe(200)
    expect(odd.body).not.toContain('/api/v1/checkout')
    expect(odd.body).not.toContain('<script>x')
  })

  it('other pages, and the bare prefixes, still get the dashboard', async () => {
    for (const url of ['/', '/sign-in', '/pay/', '/l/', '/payments', '/lightning']) {
      const res = await page(url, 'identity')
      expect(res.statusCode, url).toBe(200)
      expect(res.body, url).toContain('<div id="root"></div>')
    }
  })

  it('the checkout API paths are not pages', async () => {
    const res = await page(`/api/v1/checkout/${invoiceId}/nothing-here`)
    expect(res.statusCode).toBe(404)
    expect(res.headers['content-type']).toMatch(/json/)
  })
})
