/**
 * The webhooks as `/api/docs` describes them, checked against a real delivery: the payload
 * matches the documented schema, the documented headers are sent, and the verification example
 * in the docs (run as an integrator would, in its own Node process) accepts the delivery and
 * refuses a changed body or a secret read the Svix way. Nothing here knows how signing works
 * except through the document.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { until } from './assertions'
import { scenario } from './harness'

const t = await scenario({ simnet: true, realtime: true, http: 'listen', business: 'nwc' })
afterAll(t.close)
const { origin, net } = t
const { b, businessId } = t.owner

interface Schema {
  properties: Record<string, Schema>
  required?: string[]
  const?: string
}
interface WebhookDoc {
  post: {
    description: string
    parameters: { name: string; in: string; required: boolean }[]
    requestBody: { content: { 'application/json': { schema: Schema } } }
  }
}

/** The example the docs give, run in a Node process of its own over one delivery. */
async function runDocsExample(
  code: string,
  cases: { secret: string; headers: IncomingHttpHeaders; body: string }[],
): Promise<boolean[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'webhook-docs-'))
  try {
    const file = path.join(dir, 'verify.mjs')
    const driver = `
const cases = JSON.parse(process.argv[2])
console.log(JSON.stringify(cases.map((c) => verifyWebhook(c.secret, c.headers, Buffer.from(c.body, 'utf8')))))`
    await writeFile(file, `${code}\n${driver}`)
    const { stdout } = await promisify(execFile)(process.execPath, [file, JSON.stringify(cases)])
    return JSON.parse(stdout) as boolean[]
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

describe('webhooks in the API documentation', () => {
  it('a real delivery verifies with the code the docs give, and matches their schema', async () => {
    const doc = (await (await fetch(`${origin}/api/docs`)).json()) as {
      openapi: string
      webhooks: Record<string, WebhookDoc>
    }
    expect(doc.openapi).toBe('3.1.0')
    // the POS webhook first; a business's invoice webhooks follow (invoice-webhooks.test.ts)
    expect(Object.keys(doc.webhooks)[0]).toBe('payment.settled')
    const settled = doc.webhooks['payment.settled']?.post
    if (!settled) throw new Error('payment.settled is not documented')
    const example = /```js\n([\s\S]+?)\n```/.exec(settled.description)?.[1]
    if (!example) throw new Error('the docs give no verification example')
    expect(settled.description).toMatch(/Svix/)
    const signedHeaders = settled.parameters.filter((p) => p.in === 'header' && p.required)
    expect(signedHeaders).toHaveLength(2)

    const received: { headers: IncomingHttpHeaders; body: string }[] = []
    const till = createServer((req, res) => {
      let body = ''
      req.on('data', (c: Buffer) => (body += c.toString('utf8')))
      req.on('end', () => {
        received.push({ headers: req.headers, body })
        res.writeHead(204).end()
      })
    })
    await new Promise<void>((resolve) => till.listen(0, '127.0.0.1', resolve))
    try {
      const address = till.address()
      if (!address || typeof address === 'string') throw new Error('no port')
      const { device, credentials } = await b.caller.devices.create({
        businessId,
        name: 'Hooked till',
        mid: 'MID-HOOK',
      })
      const hook = await b.caller.pos.setWebhook({
        businessId,
        deviceId: device.id,
        url: `http://127.0.0.1:${address.port}/hooks`,
      })
      const auth = Buffer.from(`${credentials.loginId}:${credentials.secret}`).toString('base64')
      const res = await fetch(`${origin}/api/v1/pos/payments`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Basic ${auth}`,
          'x-merchant-id': 'MID-HOOK',
        },
        body: JSON.stringify({
          amount: 2_500,
          currency: 'SAT',
          method: 'lightning',
          orderReference: 'ORD-DOCS',
          idempotencyKey: 'docs-delivery-1',
        }),
      })
      expect(res.status).toBe(201)
      const payment = (await res.json()) as { id: string; paymentRequest: string }
      await net.control('POST', '/pay', { invoice: payment.paymentRequest })
      await until(
        () => Promise.resolve(received.length),
        (n) => n > 0,
        'the webhook delivery',
        45_000,
      )
      const delivery = received[0]
      if (!delivery) throw new Error('no delivery')

      // the documented headers came with it
      for (const h of signedHeaders) expect(delivery.headers[h.name], h.name).toBeTypeOf('string')

      // the body is the documented payload: the same fields, the event's own name
      const payload = JSON.parse(delivery.body) as Record<string, Record<string, unknown>>
      const schema = settled.requestBody.content['application/json'].schema
      expect(Object.keys(payload).sort()).toEqual(Object.keys(schema.properties).sort())
      expect(Object.keys(payload).sort()).toEqual([...(schema.required ?? [])].sort())
      expect(payload.event).toBe(schema.properties.event?.const)
      const paymentSchema = schema.properties.payment
      expect(Object.keys(payload.payment ?? {}).sort()).toEqual(
        Object.keys(paymentSchema?.properties ?? {}).sort(),
      )
      expect(payload.payment).toMatchObject({
        id: payment.id,
        status: 'settled',
        orderReference: 'ORD-DOCS',
      })

      // the docs' own code: accepts the delivery, refuses a changed body or another key reading
      const svixKey = Buffer.from(hook.secret.slice('whsec_'.length), 'base64').toString('latin1')
      const verdicts = await runDocsExample(example, [
        { secret: hook.secret, ...delivery },
        {
          secret: hook.secret,
          headers: delivery.headers,
          body: delivery.body.replace('2500', '2501'),
        },
        { secret: svixKey, ...delivery },
      ])
      expect(verdicts).toEqual([true, false, false])
    } finally {
      await new Promise<void>((resolve) => till.close(() => resolve()))
    }
  }, 90_000)
})
