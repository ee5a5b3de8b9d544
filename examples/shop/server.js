// A tiny web shop selling one mug for bitcoin: it creates an invoice with an API key, sends the
// customer to the hosted checkout page, and marks the order paid when a signed webhook says so.
// Plain Node 20, no dependencies. Run: SHOP_API_URL=... SHOP_API_KEY=sk_... \
//   SHOP_WEBHOOK_SECRET=whsec_... PORT=4000 node examples/shop/server.js
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto'
import { createServer } from 'node:http'

const { SHOP_API_URL, SHOP_API_KEY, SHOP_WEBHOOK_SECRET, PORT = '4000' } = process.env
if (!SHOP_API_URL || !SHOP_API_KEY || !SHOP_WEBHOOK_SECRET) {
  throw new Error('Set SHOP_API_URL, SHOP_API_KEY and SHOP_WEBHOOK_SECRET (see README.md)')
}
const SHOP_URL = process.env.SHOP_URL ?? `http://localhost:${PORT}` // where customers reach us
const PRODUCT = { name: 'A coffee mug', amount: 2_500, currency: 'SAT' } // 2,500 sats
const orders = new Map() // order id -> { invoiceId, paid } (a real shop has a database)

// The verification of the API document: HMAC-SHA256 of "<timestamp>.<raw body>" keyed with the
// whole whsec_ secret, a timestamp at most 5 minutes off, compared in constant time.
function verifyWebhook(secret, headers, rawBody, toleranceSec = 300) {
  const timestamp = headers['x-signature-timestamp']
  const signature = headers['x-signature']
  if (typeof timestamp !== 'string' || typeof signature !== 'string') return false
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > toleranceSec) return false
  const expected = createHmac('sha256', Buffer.from(secret, 'utf8'))
    .update(timestamp + '.')
    .update(rawBody)
    .digest()
  const given = Buffer.from(signature, 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

const page = (res, status, body) =>
  res
    .writeHead(status, { 'content-type': 'text/html; charset=utf-8' })
    .end(`<!doctype html><meta name="viewport" content="width=device-width">${body}`)

async function readBody(req) {
  const chunks = []
  for await (const chunk of req) chunks.push(chunk)
  return Buffer.concat(chunks) // raw bytes: the signature is over them, not over parsed JSON
}

async function handle(req, res) {
  const path = new URL(req.url, SHOP_URL).pathname
  if (req.method === 'GET' && path === '/') {
    return page(
      res,
      200,
      `<h1>${PRODUCT.name}</h1><p>${PRODUCT.amount} sats</p>
      <form method="post" action="/buy"><button>Buy</button></form>`,
    )
  }
  if (req.method === 'POST' && path === '/buy') {
    const orderId = randomUUID()
    // One invoice per order; the order id as idempotency key makes a retried call safe.
    const answer = await fetch(`${SHOP_API_URL}/api/v1/invoices`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SHOP_API_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        ...{ amount: PRODUCT.amount, currency: PRODUCT.currency, description: PRODUCT.name },
        ...{ orderId, idempotencyKey: orderId, redirectUrl: `${SHOP_URL}/orders/${orderId}` },
      }),
    })
    if (!answer.ok) return page(res, 502, `<p>Payment is unavailable: ${answer.status}</p>`)
    const invoice = await answer.json()
    orders.set(orderId, { invoiceId: invoice.id, paid: false })
    return res.writeHead(303, { location: invoice.checkoutUrl }).end() // to the checkout page
  }
  if (req.method === 'POST' && path === '/webhook') {
    const raw = await readBody(req)
    if (!verifyWebhook(SHOP_WEBHOOK_SECRET, req.headers, raw)) return res.writeHead(400).end()
    const { event, invoice } = JSON.parse(raw.toString('utf8'))
    const order = invoice && orders.get(invoice.orderId)
    // only the order's own invoice pays it
    if (event === 'invoice.settled' && order?.invoiceId === invoice.id) order.paid = true
    return res.writeHead(204).end() // any 2xx: delivered, no retry
  }
  const id = req.method === 'GET' && path.match(/^\/orders\/([\w-]+)$/)?.[1]
  const order = id && orders.get(id)
  if (!order) return page(res, 404, '<p>Not found</p>')
  if (order.paid) return page(res, 200, '<h1>Paid</h1><p>Thank you for your order!</p>')
  // The customer may come back a moment before the webhook: the page looks again every 2 s.
  page(res, 200, '<meta http-equiv="refresh" content="2"><h1>Waiting for payment</h1>')
}

createServer((req, res) =>
  handle(req, res).catch(() => page(res, 500, '<p>Sorry, try again</p>')),
).listen(Number(PORT), process.env.HOST ?? '127.0.0.1', () => console.log(`Shop on ${SHOP_URL}`))
