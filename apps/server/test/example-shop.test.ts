/**
 * The example shop (examples/shop/server.js) end to end against the real server: the shop runs
 * as its own Node process with an API key and a webhook made by the owner, a customer buys, is
 * sent to the checkout page of an invoice carrying the order, pays it over the simulated
 * Lightning network, and the shop's order page says "Paid" once the signed webhook came. A
 * forged webhook, and one signed with the right secret but replayed from long ago, are refused
 * by the shop and change nothing.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createHmac } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { until } from './assertions'
import { exchangeBusiness } from './businesses'
import { freePort } from './crash/server-process'
import { scenario } from './harness'

const t = await scenario({ simnet: true, realtime: true, http: 'listen' })
const { env, net, origin } = t
const db = env.database.db
const shopScript = fileURLToPath(new URL('../../../examples/shop/server.js', import.meta.url))

let shopProcess: ChildProcess | null = null
afterAll(async () => {
  shopProcess?.kill()
  await t.close()
})

/** Starts the example shop as a merchant would, with the env its README names. */
async function startShopOn(port: number, env: Record<string, string>) {
  const child = spawn(process.execPath, [shopScript], {
    env: { ...process.env, ...env, PORT: String(port), SHOP_URL: `http://127.0.0.1:${port}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  shopProcess = child
  let output = ''
  child.stdout.on('data', (c: Buffer) => (output += c.toString()))
  child.stderr.on('data', (c: Buffer) => (output += c.toString()))
  await until(
    () => Promise.resolve(output),
    (o) => o.includes('Shop on') || child.exitCode !== null,
    'the shop to listen',
  )
  if (child.exitCode !== null) throw new Error(`the shop did not start: ${output}`)
  return `http://127.0.0.1:${port}`
}

const orderPage = async (shop: string, orderId: string) =>
  (await fetch(`${shop}/orders/${orderId}`)).text()

describe('the example shop', () => {
  it('sells a mug: checkout, Lightning payment, the verified webhook marks the order paid', async () => {
    const { b, businessId } = await exchangeBusiness(env, net)
    const { key } = await b.caller.apiKeys.create({
      businessId,
      data: { name: 'Web shop', scopes: ['invoices:create'] },
    })
    const shopPort = await freePort()
    const hook = await b.caller.invoiceWebhooks.create({
      businessId,
      url: `http://127.0.0.1:${shopPort}/webhook`,
      events: ['invoice.settled'],
    })
    const shop = await startShopOn(shopPort, {
      SHOP_API_URL: origin,
      SHOP_API_KEY: key,
      SHOP_WEBHOOK_SECRET: hook.secret,
    })

    // the product page, and the customer presses Buy
    expect(await (await fetch(shop)).text()).toContain('<button>Buy</button>')
    const bought = await fetch(`${shop}/buy`, { method: 'POST', redirect: 'manual' })
    expect(bought.status).toBe(303)
    const checkoutUrl = bought.headers.get('location') ?? ''
    const invoiceId = checkoutUrl.match(/^(.+)\/pay\/([0-9a-f-]{36})$/)?.[2] ?? ''
    expect(checkoutUrl).toBe(`${origin}/pay/${invoiceId}`)

    const invoice = await db
      .selectFrom('invoices')
      .selectAll()
      .where('id', '=', invoiceId)
      .executeTakeFirstOrThrow()
    expect(invoice).toMatchObject({ businessId, currency: 'SAT', status: 'new' })
    expect(Number(invoice.amount)).toBe(2_500)
    const orderId = invoice.orderId ?? ''
    expect(invoice.redirectUrl).toBe(`${shop}/orders/${orderId}`)
    expect(invoice.idempotencyKey).toBe(orderId)
    expect(await orderPage(shop, orderId)).toContain('Waiting for payment')

    // a forged "settled" for this very invoice, and a genuine-looking one replayed from long ago
    const forgedBody = JSON.stringify({
      deliveryId: crypto.randomUUID(),
      event: 'invoice.settled',
      createdAt: new Date().toISOString(),
      invoice: { id: invoiceId, orderId, status: 'settled' },
    })
    const post = (timestamp: string, signature: string) =>
      fetch(`${shop}/webhook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-signature-timestamp': timestamp,
          'x-signature': signature,
        },
        body: forgedBody,
      })
    const now = String(Math.floor(Date.now() / 1000))
    const sign = (secret: string, ts: string) =>
      createHmac('sha256', secret).update(`${ts}.${forgedBody}`).digest('hex')
    expect((await post(now, sign('whsec_not-the-secret', now))).status).toBe(400)
    expect((await post(now, 'ab'.repeat(32))).status).toBe(400)
    const old = String(Math.floor(Date.now() / 1000) - 3_600)
    expect((await post(old, sign(hook.secret, old))).status).toBe(400)
    expect(await orderPage(shop, orderId)).toContain('Waiting for payment')

    // the customer's checkout page reads the invoice; their wallet pays its Lightning invoice
    const checkout = (await (await fetch(`${origin}/api/v1/checkout/${invoiceId}`)).json()) as {
      lightningInvoice: string | null
      amountSat: number
    }
    expect(checkout.amountSat).toBe(2_500)
    await net.control('POST', '/pay', { invoice: checkout.lightningInvoice })

    await until(
      () => orderPage(shop, orderId),
      (page) => page.includes('Paid'),
      'the shop to say the order is paid',
    )
    // the platform recorded the shop's answer: delivered once, not retried
    await until(
      () =>
        db
          .selectFrom('invoiceWebhookDeliveries')
          .select(['status', 'event', 'attempts'])
          .where('invoiceId', '=', invoiceId)
          .execute(),
      (rows) => rows.length === 1 && rows[0]?.status === 'delivered',
      'the delivery to be recorded as delivered',
    )
  })
})
