/**
 * The example shop (examples/shop/server.js) with a customer on a phone: the owner gives the
 * shop an API key and a webhook, the customer presses Buy in the shop, lands on the checkout
 * page of the invoice, pays it from their Lightning wallet, goes back to the shop, and the
 * shop's order page says "Paid" (from the verified webhook, not from the customer's return).
 */
import { expect, test, type Page } from '@playwright/test'
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import path from 'node:path'
import { ownerWithNwcWallet } from '../support/application'
import { repoRoot, serverPort } from '../support/server'
import { simnet } from '../support/simnet'

const origin = `http://127.0.0.1:${serverPort}`

async function trpc<T>(page: Page, procedure: string, input: unknown): Promise<T> {
  const res = await page.request.post(`/trpc/${procedure}`, {
    headers: { 'x-trpc-source': 'e2e', 'content-type': 'application/json' },
    data: { json: input },
  })
  expect(res.status(), `${procedure}: ${await res.text()}`).toBe(200)
  return ((await res.json()) as { result: { data: { json: T } } }).result.data.json
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

/** With E2E_SCREENSHOTS=<folder>, the customer's page as it is now (390 px wide). */
async function shot(page: Page, name: string) {
  const folder = process.env.E2E_SCREENSHOTS
  if (folder) await page.screenshot({ path: `${folder}/${name}-en-390.png`, fullPage: true })
}

let shop: ChildProcess | null = null
test.afterAll(() => {
  shop?.kill()
})

test('the example shop: Buy, the checkout on a phone, paid, back to the shop which says Paid', async ({
  page,
  browser,
}) => {
  const { uri } = await simnet<{ uri: string }>('POST', '/nwc/connections', { name: 'shop' })
  const businessId = await ownerWithNwcWallet(page, 'Mug Shop Ltd', uri)
  const { key } = await trpc<{ key: string }>(page, 'apiKeys.create', {
    businessId,
    data: { name: 'Web shop', scopes: ['invoices:create'] },
  })
  const port = await freePort()
  const shopUrl = `http://127.0.0.1:${port}`
  const { secret } = await trpc<{ secret: string }>(page, 'invoiceWebhooks.create', {
    businessId,
    url: `${shopUrl}/webhook`,
    events: ['invoice.settled'],
  })
  shop = spawn(process.execPath, [path.join(repoRoot, 'examples/shop/server.js')], {
    env: {
      ...process.env,
      SHOP_API_URL: origin,
      SHOP_API_KEY: key,
      SHOP_WEBHOOK_SECRET: secret,
      PORT: String(port),
      SHOP_URL: shopUrl,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await new Promise<void>((resolve, reject) => {
    shop?.stdout?.once('data', () => resolve())
    shop?.once('exit', (code) => reject(new Error(`the shop exited with ${code}`)))
  })

  // the customer, on a phone of their own
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true })
  const customer = await phone.newPage()
  await customer.goto(shopUrl)
  await expect(customer.getByRole('heading', { name: 'A coffee mug' })).toBeVisible()
  await customer.getByRole('button', { name: 'Buy' }).click()

  await expect(customer).toHaveURL(new RegExp(`^${origin}/pay/[0-9a-f-]{36}$`))
  const invoiceId = new URL(customer.url()).pathname.split('/')[2] ?? ''
  await expect(customer.getByText(/2,500\s*sats/).first()).toBeVisible()
  await shot(customer, 'example-shop-checkout')

  // the customer's wallet pays the invoice the checkout shows
  const checkout = (await (await fetch(`${origin}/api/v1/checkout/${invoiceId}`)).json()) as {
    lightningInvoice: string
  }
  await expect(customer.getByRole('button', { name: 'Copy Lightning invoice' })).toBeVisible()
  await simnet('POST', '/pay', { invoice: checkout.lightningInvoice })

  await expect(customer.getByRole('heading', { name: 'Paid' })).toBeVisible()
  await shot(customer, 'example-shop-paid')
  const back = customer.getByRole('link', { name: /^Back to / })
  await expect(back).toHaveAttribute('href', new RegExp(`^${shopUrl}/orders/[0-9a-f-]{36}$`))
  await back.click()
  await expect(customer).toHaveURL(new RegExp(`^${shopUrl}/orders/[0-9a-f-]{36}$`))
  await expect(customer.getByRole('heading', { name: 'Paid' })).toBeVisible()
  await shot(customer, 'example-shop-order')
  await phone.close()
})
