/**
 * A business's webhooks for invoice events: added (the signing secret shown once and sealed at
 * rest), listed, removed, each audited; an invoice event enqueued once per webhook that takes
 * it and delivered signed as the API document says (its own verification example, run in a
 * Node process of its own, accepts the call); a failing shop retried on the documented schedule
 * (the service's clock is the test's, so no real minutes pass) and given up after the last
 * retry; a redelivery and a test call from the dashboard; two instances sending at once send
 * each delivery once; a delivery within a second of its event; and the roles that may not.
 */
import {
  INVOICE_EVENT_NAMES,
  WEBHOOK_RETRY_DELAYS_SEC,
  type InvoiceEvent,
  type TInvoice,
} from '@app/domain'
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { PgEventBus } from '../src/lib/pg-events'
import { createInvoiceWebhookRepo } from '../src/modules/invoice-webhooks/repo'
import {
  createInvoiceWebhooks,
  invoiceWebhookSealedAt,
} from '../src/modules/invoice-webhooks/service'
import { enqueueInvoiceWebhooks } from '../src/modules/invoice-webhooks'
import { appCode, rejection, until } from './assertions'
import { auditEventsOf } from './audit-support'
import { approvedBusiness } from './businesses'
import { anotherInstance, scenario, uniqueEmail, type TestBrowser } from './harness'

/** The service's clock: the wall clock, unless a test holds it at a time of its choosing. */
let heldAt: Date | null = null
const clock = () => heldAt ?? new Date()

const t = await scenario({ realtime: 'bus', http: 'inject', business: 'approved', clock })
afterAll(t.close)
const { env } = t
const { db } = env.database
const hooks = () => env.services.invoiceWebhooks

interface Call {
  headers: IncomingHttpHeaders
  body: string
  at: number
}

/** A shop's endpoint on 127.0.0.1 answering `status(n)` to its nth call (from 1). */
async function receiver(status: (n: number) => number = () => 204) {
  const calls: Call[] = []
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString('utf8')))
    req.on('end', () => {
      calls.push({ headers: req.headers, body, at: Date.now() })
      res.writeHead(status(calls.length)).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  return {
    url: `http://127.0.0.1:${address.port}/hooks/invoices`,
    calls,
    bodies: () => calls.map((c) => JSON.parse(c.body) as Record<string, unknown>),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** An invoice row of the business and the API's view of it. */
async function invoiceOf(businessId: string): Promise<TInvoice> {
  const expiresAt = new Date(Date.now() + 15 * 60_000)
  const row = await db
    .insertInto('invoices')
    .values({ businessId, amount: 2_500, currency: 'SAT', amountSat: 2_500, expiresAt })
    .returning(['id', 'createdAt'])
    .executeTakeFirstOrThrow()
  return {
    id: row.id,
    status: 'settled',
    exception: null,
    amount: 2_500,
    currency: 'SAT',
    amountSat: 2_500,
    receivedSat: 2_500,
    orderId: 'ORD-1',
    description: 'A mug',
    metadata: { cart: 7 },
    redirectUrl: null,
    checkoutUrl: `https://shop.example/pay/${row.id}`,
    paymentLinkId: null,
    lightningInvoice: null,
    address: null,
    bip21: null,
    expiresAt: expiresAt.toISOString(),
    settledAt: new Date().toISOString(),
    invalidatedAt: null,
    createdAt: row.createdAt.toISOString(),
  }
}

/** The invoice service's part: an event recorded in a transaction that enqueues its deliveries. */
async function recordEvent(businessId: string, invoice: TInvoice, event: InvoiceEvent) {
  return db.transaction().execute((trx) =>
    enqueueInvoiceWebhooks(trx, {
      businessId,
      invoiceId: invoice.id,
      event,
      invoice,
      at: new Date(),
    }),
  )
}

const deliveryRow = (id: string) =>
  db
    .selectFrom('invoiceWebhookDeliveries')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow()

const ALL = [...INVOICE_EVENT_NAMES]

describe('adding, listing and removing webhooks', () => {
  it('shows the secret once, keeps it sealed, and audits who added and removed which URL', async () => {
    const { b, businessId } = t.owner
    const log = auditEventsOf(env, businessId)
    let made!: Awaited<ReturnType<TestBrowser['caller']['invoiceWebhooks']['create']>>
    const added = await log.oneEvent(async () => {
      made = await b.caller.invoiceWebhooks.create({
        businessId,
        url: 'https://shop.example/hooks',
        events: ['invoice.settled', 'invoice.settled', 'invoice.expired'],
      })
    })
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9_-]{40,}$/)
    expect(made.events).toEqual(['invoice.settled', 'invoice.expired'])
    expect(added).toMatchObject({
      action: 'webhook.added',
      subjectKind: 'webhook',
      subjectId: made.id,
      subjectName: 'https://shop.example/hooks',
    })
    expect(JSON.stringify(added)).not.toContain(made.secret)

    const listed = await b.caller.invoiceWebhooks.list({ businessId })
    expect(listed).toEqual([
      {
        id: made.id,
        url: 'https://shop.example/hooks',
        events: ['invoice.settled', 'invoice.expired'],
        createdAt: made.createdAt,
      },
    ])
    expect(JSON.stringify(listed)).not.toContain(made.secret)

    // at rest: sealed, opening only as this webhook's secret
    const row = await db
      .selectFrom('businessWebhooks')
      .selectAll()
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow()
    expect(row.secretSealed).not.toContain(made.secret.slice('whsec_'.length))
    expect(env.services.secrets.open(row.secretSealed, invoiceWebhookSealedAt(made.id))).toBe(
      made.secret,
    )
    expect(() =>
      env.services.secrets.open(row.secretSealed, invoiceWebhookSealedAt(crypto.randomUUID())),
    ).toThrow()

    // another business neither sees nor removes it
    const other = await approvedBusiness(env)
    expect(await other.b.caller.invoiceWebhooks.list({ businessId: other.businessId })).toEqual([])
    expect(
      appCode(
        await rejection(
          other.b.caller.invoiceWebhooks.remove({
            businessId: other.businessId,
            webhookId: made.id,
          }),
        ),
      ),
    ).toBe('NOT_FOUND')

    const removed = await log.oneEvent(() =>
      b.caller.invoiceWebhooks.remove({ businessId, webhookId: made.id }),
    )
    expect(removed).toMatchObject({ action: 'webhook.removed', subjectId: made.id })
    expect(await b.caller.invoiceWebhooks.list({ businessId })).toEqual([])
    await log.noEvent('NOT_FOUND', () =>
      b.caller.invoiceWebhooks.remove({ businessId, webhookId: made.id }),
    )
  })

  it('refuses bad input, an eleventh webhook, and outside demo mode a URL that is not public https', async () => {
    const { b, businessId } = await approvedBusiness(env)
    const log = auditEventsOf(env, businessId)
    for (const bad of [
      { url: 'javascript:alert(1)', events: ALL },
      { url: 'ftp://shop.example/x', events: ALL },
      { url: 'https://shop.example/x', events: [] },
      { url: 'https://shop.example/x', events: ['payment.settled'] },
    ]) {
      await log.noEvent('VALIDATION', () =>
        b.caller.invoiceWebhooks.create({ businessId, ...bad } as never),
      )
    }
    for (let i = 0; i < 10; i += 1) {
      await b.caller.invoiceWebhooks.create({
        businessId,
        url: `https://shop.example/${i}`,
        events: ALL,
      })
    }
    await log.noEvent('WEBHOOK_LIMIT_REACHED', () =>
      b.caller.invoiceWebhooks.create({ businessId, url: 'https://shop.example/11', events: ALL }),
    )
    expect(await b.caller.invoiceWebhooks.list({ businessId })).toHaveLength(10)

    // the same service as a production server builds it: public https only (its own event
    // bus, never started: it sends nothing of this file's)
    const production = createInvoiceWebhooks({
      repo: createInvoiceWebhookRepo(db),
      secrets: env.services.secrets,
      allowHttp: false,
      bus: new PgEventBus(env.url),
    })
    const other = await approvedBusiness(env)
    const by = {
      actor: { kind: 'member' as const, id: null, name: 'owner' },
      origin: { ip: null, userAgent: null },
    }
    for (const url of ['http://8.8.8.8/hook', 'https://127.0.0.1/hook', 'https://10.0.0.2/x']) {
      await expect(
        production.create(other.businessId, { url, events: ALL }, by),
      ).rejects.toMatchObject({ code: 'VALIDATION' })
    }
    expect(await production.list(other.businessId)).toEqual([])
  })
})

describe('enqueueing an invoice event', () => {
  it('makes one delivery per webhook that takes the event, and never one twice', async () => {
    const { b, businessId } = await approvedBusiness(env)
    const other = await approvedBusiness(env)
    const add = (events: InvoiceEvent[], who = { b, businessId }) =>
      who.b.caller.invoiceWebhooks.create({
        businessId: who.businessId,
        url: 'https://shop.example/never-called',
        events,
      })
    // nothing is sent: these tests look at the rows only, the clock held before they are due
    heldAt = new Date(Date.now() - 3_600_000)
    try {
      const all = await add(ALL)
      const settledOnly = await add(['invoice.settled'])
      const createdOnly = await add(['invoice.created'])
      await add(ALL, other)
      const invoice = await invoiceOf(businessId)

      expect(await recordEvent(businessId, invoice, 'invoice.settled')).toBe(2)
      expect(await recordEvent(businessId, invoice, 'invoice.settled')).toBe(0)
      expect(await recordEvent(businessId, invoice, 'invoice.created')).toBe(2)
      const rows = await db
        .selectFrom('invoiceWebhookDeliveries')
        .selectAll()
        .where('invoiceId', '=', invoice.id)
        .execute()
      const made = rows.map((r) => `${r.webhookId} ${r.event}`).sort()
      expect(made).toEqual(
        [
          `${all.id} invoice.settled`,
          `${settledOnly.id} invoice.settled`,
          `${all.id} invoice.created`,
          `${createdOnly.id} invoice.created`,
        ].sort(),
      )
      for (const r of rows) {
        expect(r.businessId).toBe(businessId)
        expect(r.status).toBe('pending')
        expect(r.payload).toMatchObject({ deliveryId: r.id, event: r.event, invoice })
      }
      const foreign = await db
        .selectFrom('invoiceWebhookDeliveries')
        .select('id')
        .where('businessId', '=', other.businessId)
        .execute()
      expect(foreign).toEqual([])
      // an event only one webhook takes, and a business with no webhook: none for the others
      expect(await recordEvent(businessId, invoice, 'invoice.paid_late')).toBe(1)
      const bare = await approvedBusiness(env)
      expect(
        await recordEvent(bare.businessId, await invoiceOf(bare.businessId), 'invoice.expired'),
      ).toBe(0)
    } finally {
      heldAt = null
      await db
        .deleteFrom('businessWebhooks')
        .where('url', '=', 'https://shop.example/never-called')
        .execute()
    }
  })
})

/** The example the docs give, run in a Node process of its own over deliveries. */
async function runDocsExample(
  code: string,
  cases: { secret: string; headers: IncomingHttpHeaders; body: string }[],
): Promise<boolean[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'invoice-webhook-docs-'))
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

interface Schema {
  properties: Record<string, Schema>
  required?: string[]
  const?: string
}
interface WebhookDoc {
  post: {
    summary: string
    description: string
    requestBody: { content: { 'application/json': { schema: Schema } } }
  }
}

describe('delivering', () => {
  it('sends the event at once, signed as the API document says, in its documented shape', async () => {
    const shop = await receiver()
    try {
      const { b, businessId } = await approvedBusiness(env)
      const hook = await b.caller.invoiceWebhooks.create({ businessId, url: shop.url, events: ALL })
      const invoice = await invoiceOf(businessId)
      await recordEvent(businessId, invoice, 'invoice.settled')
      await until(
        () => Promise.resolve(shop.calls.length),
        (n) => n === 1,
        'the delivery',
        10_000,
      )
      const call = shop.calls[0]!
      const log = await until(
        () => b.caller.invoiceWebhooks.deliveries({ businessId }),
        (d) => d.items[0]?.status === 'delivered',
        'the delivery logged',
      )
      expect(log.items).toEqual([
        expect.objectContaining({
          webhookId: hook.id,
          url: shop.url,
          invoiceId: invoice.id,
          event: 'invoice.settled',
          status: 'delivered',
          attempts: 1,
          lastStatusCode: 204,
          lastError: null,
          redeliveryOf: null,
        }),
      ])
      const payload = JSON.parse(call.body) as Record<string, unknown>
      expect(payload).toEqual({
        deliveryId: log.items[0]!.id,
        event: 'invoice.settled',
        createdAt: expect.any(String) as string,
        invoice,
      })

      const res = await t.app.inject({ method: 'GET', url: '/api/docs' })
      const doc = res.json<{ webhooks: Record<string, WebhookDoc> }>()
      expect(Object.keys(doc.webhooks)).toEqual(
        expect.arrayContaining(['payment.settled', ...ALL, 'test']),
      )
      const settled = doc.webhooks['invoice.settled']!.post
      expect(settled.description).toContain(
        'after 10 s, after 1 minute, then every 10 minutes 6 times (9 calls in all',
      )
      const schema = settled.requestBody.content['application/json'].schema
      expect(Object.keys(payload).sort()).toEqual([...(schema.required ?? [])].sort())
      expect(payload.event).toBe(schema.properties.event?.const)
      expect(Object.keys(invoice).sort()).toEqual(
        Object.keys(schema.properties.invoice?.properties ?? {}).sort(),
      )
      const example = /```js\n([\s\S]+?)\n```/.exec(settled.description)?.[1]
      if (!example) throw new Error('the docs give no verification example')
      const verdicts = await runDocsExample(example, [
        { secret: hook.secret, headers: call.headers, body: call.body },
        { secret: hook.secret, headers: call.headers, body: call.body.replace('2500', '2501') },
        { secret: `${hook.secret}x`, headers: call.headers, body: call.body },
      ])
      expect(verdicts).toEqual([true, false, false])
    } finally {
      await shop.close()
    }
  })

  it('retries a failing shop after 10 s and a minute, then delivers', async () => {
    const shop = await receiver((n) => (n <= 2 ? 503 : 200))
    const { b, businessId } = await approvedBusiness(env)
    heldAt = new Date(Date.now() + 86_400_000)
    try {
      const hook = await b.caller.invoiceWebhooks.create({ businessId, url: shop.url, events: ALL })
      const first = await b.caller.invoiceWebhooks.sendTest({ businessId, webhookId: hook.id })
      expect(first).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 503 })
      const id = first!.id
      let row = await deliveryRow(id)
      expect(row.nextAttemptAt.getTime() - heldAt.getTime()).toBe(10_000)

      // not before it is due
      heldAt = new Date(row.nextAttemptAt.getTime() - 1)
      await hooks().sweep()
      expect((await deliveryRow(id)).attempts).toBe(1)
      expect(shop.calls).toHaveLength(1)

      heldAt = row.nextAttemptAt
      await hooks().sweep()
      row = await until(
        () => deliveryRow(id),
        (r) => r.attempts === 2,
        'the second call',
      )
      expect(row).toMatchObject({ status: 'pending', lastStatusCode: 503, lastError: 'HTTP 503' })
      expect(row.nextAttemptAt.getTime() - heldAt.getTime()).toBe(60_000)

      heldAt = row.nextAttemptAt
      await hooks().sweep()
      row = await until(
        () => deliveryRow(id),
        (r) => r.attempts === 3,
        'the third call',
      )
      expect(row).toMatchObject({ status: 'delivered', lastStatusCode: 200, lastError: null })
      expect(row.deliveredAt?.getTime()).toBe(heldAt.getTime())
      // the same body each time, signed anew
      const bodies = shop.bodies()
      expect(new Set(shop.calls.map((c) => c.body)).size).toBe(1)
      expect(bodies[0]).toEqual({
        deliveryId: id,
        event: 'test',
        createdAt: expect.any(String) as string,
        invoice: null,
      })
    } finally {
      heldAt = null
      await shop.close()
    }
  })

  it('gives up after the last retry: 10 s, 1 min, then 10 min six times', async () => {
    const shop = await receiver(() => 500)
    const { b, businessId } = await approvedBusiness(env)
    heldAt = new Date(Date.now() + 2 * 86_400_000)
    try {
      const hook = await b.caller.invoiceWebhooks.create({ businessId, url: shop.url, events: ALL })
      const invoice = await invoiceOf(businessId)
      await recordEvent(businessId, invoice, 'invoice.expired')
      await hooks().sweep()
      const [{ id } = { id: '' }] = (
        await b.caller.invoiceWebhooks.deliveries({ businessId, webhookId: hook.id })
      ).items
      let row = await until(
        () => deliveryRow(id),
        (r) => r.attempts === 1,
        'the first call',
      )
      const waits: number[] = []
      for (let n = 1; row.status === 'pending'; n += 1) {
        waits.push((row.nextAttemptAt.getTime() - heldAt.getTime()) / 1000)
        heldAt = row.nextAttemptAt
        await hooks().sweep()
        row = await until(
          () => deliveryRow(id),
          (r) => r.attempts === n + 1,
          `call ${n + 1}`,
        )
      }
      expect(waits).toEqual([...WEBHOOK_RETRY_DELAYS_SEC])
      expect(waits).toEqual([10, 60, 600, 600, 600, 600, 600, 600])
      expect(row).toMatchObject({ status: 'failed', attempts: 9, lastStatusCode: 500 })
      expect(shop.calls).toHaveLength(9)
      // given up: no further call however late it gets
      heldAt = new Date(heldAt.getTime() + 86_400_000)
      await hooks().sweep()
      expect(shop.calls).toHaveLength(9)
      const logged = await b.caller.invoiceWebhooks.deliveries({ businessId })
      expect(logged.items[0]).toMatchObject({
        status: 'failed',
        attempts: 9,
        lastError: 'HTTP 500',
      })
    } finally {
      heldAt = null
      await shop.close()
    }
  })

  it('sends a test call and a redelivery from the dashboard, each in the log', async () => {
    const shop = await receiver()
    try {
      const { b, businessId } = await approvedBusiness(env)
      const hook = await b.caller.invoiceWebhooks.create({ businessId, url: shop.url, events: ALL })
      const other = await b.caller.invoiceWebhooks.create({
        businessId,
        url: `${shop.url}/other`,
        events: ['invoice.created'],
      })
      const tested = await b.caller.invoiceWebhooks.sendTest({ businessId, webhookId: hook.id })
      expect(tested).toMatchObject({
        webhookId: hook.id,
        event: 'test',
        invoiceId: null,
        status: 'delivered',
        attempts: 1,
        lastStatusCode: 204,
      })
      expect(shop.bodies()).toEqual([
        {
          deliveryId: tested!.id,
          event: 'test',
          createdAt: expect.any(String) as string,
          invoice: null,
        },
      ])

      const invoice = await invoiceOf(businessId)
      await recordEvent(businessId, invoice, 'invoice.settled')
      const original = await until(
        () => b.caller.invoiceWebhooks.deliveries({ businessId }),
        (d) => d.items[0]?.event === 'invoice.settled' && d.items[0].status === 'delivered',
        'the event delivered',
      )
      const first = original.items[0]!
      const again = await b.caller.invoiceWebhooks.redeliver({ businessId, deliveryId: first.id })
      expect(again).toMatchObject({
        webhookId: hook.id,
        invoiceId: invoice.id,
        event: 'invoice.settled',
        redeliveryOf: first.id,
        status: 'delivered',
        attempts: 1,
      })
      expect(again!.id).not.toBe(first.id)
      // the same body: the shop recognises the delivery id it has seen
      expect(shop.calls).toHaveLength(3)
      expect(shop.calls[2]!.body).toBe(shop.calls[1]!.body)
      expect(shop.bodies()[2]).toMatchObject({ deliveryId: first.id, invoice })

      // the log: newest first, by webhook, a page at a time
      const log = await b.caller.invoiceWebhooks.deliveries({ businessId })
      expect(log.items.map((d) => d.id)).toEqual([again!.id, first.id, tested!.id])
      expect(log.nextCursor).toBeNull()
      const page1 = await b.caller.invoiceWebhooks.deliveries({ businessId, limit: 2 })
      expect(page1.items.map((d) => d.id)).toEqual([again!.id, first.id])
      const page2 = await b.caller.invoiceWebhooks.deliveries({
        businessId,
        limit: 2,
        cursor: page1.nextCursor!,
      })
      expect(page2).toEqual({
        items: [expect.objectContaining({ id: tested!.id })],
        nextCursor: null,
      })
      expect(
        (await b.caller.invoiceWebhooks.deliveries({ businessId, webhookId: other.id })).items,
      ).toEqual([])

      // not another business's
      const stranger = await approvedBusiness(env)
      for (const act of [
        () =>
          stranger.b.caller.invoiceWebhooks.redeliver({
            businessId: stranger.businessId,
            deliveryId: first.id,
          }),
        () =>
          stranger.b.caller.invoiceWebhooks.sendTest({
            businessId: stranger.businessId,
            webhookId: hook.id,
          }),
      ]) {
        expect(appCode(await rejection(act()))).toBe('NOT_FOUND')
      }
      expect(
        (await stranger.b.caller.invoiceWebhooks.deliveries({ businessId: stranger.businessId }))
          .items,
      ).toEqual([])
      expect(shop.calls).toHaveLength(3)

      // a webhook removed takes its log with it
      await b.caller.invoiceWebhooks.remove({ businessId, webhookId: hook.id })
      expect((await b.caller.invoiceWebhooks.deliveries({ businessId })).items).toEqual([])
    } finally {
      await shop.close()
    }
  })

  it('sends each delivery once when two instances send at the same time', async () => {
    const shop = await receiver()
    const second = anotherInstance(env)
    try {
      const { b, businessId } = await approvedBusiness(env)
      await b.caller.invoiceWebhooks.create({ businessId, url: shop.url, events: ALL })
      // held back while the events are recorded, then released to both instances at once
      heldAt = new Date(Date.now() - 3_600_000)
      const invoices = await Promise.all(Array.from({ length: 30 }, () => invoiceOf(businessId)))
      for (const invoice of invoices) await recordEvent(businessId, invoice, 'invoice.created')
      heldAt = null
      await Promise.all([
        hooks().sweep(),
        second.services.invoiceWebhooks.sweep(),
        hooks().sweep(),
        second.services.invoiceWebhooks.sweep(),
      ])
      await until(
        () => b.caller.invoiceWebhooks.deliveries({ businessId, limit: 100 }),
        (d) => d.items.length === 30 && d.items.every((i) => i.status === 'delivered'),
        'every delivery',
      )
      const ids = shop.bodies().map((p) => p.deliveryId)
      expect(ids).toHaveLength(30)
      expect(new Set(ids).size).toBe(30)
    } finally {
      heldAt = null
      await second.close()
      await shop.close()
    }
  })

  it('delivers within a second of the event (p99 over 100 events)', async () => {
    const shop = await receiver()
    try {
      const { b, businessId } = await approvedBusiness(env)
      await b.caller.invoiceWebhooks.create({ businessId, url: shop.url, events: ALL })
      const recorded = new Map<string, number>()
      for (let i = 0; i < 100; i += 1) {
        const invoice = await invoiceOf(businessId)
        recorded.set(invoice.id, Date.now())
        await recordEvent(businessId, invoice, 'invoice.settled')
      }
      await until(
        () => Promise.resolve(shop.calls.length),
        (n) => n === 100,
        'every delivery',
        30_000,
      )
      const latencies = shop.calls
        .map((c) => {
          const { invoice } = JSON.parse(c.body) as { invoice: { id: string } }
          return c.at - (recorded.get(invoice.id) ?? Number.NaN)
        })
        .sort((x, y) => x - y)
      const p99 = latencies[Math.ceil(latencies.length * 0.99) - 1]!
      console.log(`invoice webhook latency: p50 ${latencies[49]} ms, p99 ${p99} ms`)
      expect(p99).toBeLessThan(1_000)
    } finally {
      await shop.close()
    }
  })
})

describe('who may', () => {
  it('owners and admins manage webhooks; managers and accountants may not', async () => {
    const { b: owner, businessId } = await approvedBusiness(env)
    const hook = await owner.caller.invoiceWebhooks.create({
      businessId,
      url: 'https://shop.example/roles',
      events: ALL,
    })
    const member = async (role: 'admin' | 'manager' | 'accountant') => {
      const m = env.browser()
      const email = uniqueEmail(role)
      await m.caller.auth.signUp({ email, password: 'correct horse battery' })
      const { link } = await owner.caller.team.invite({ businessId, data: { email, role } })
      await m.caller.team.accept({ token: new URL(link).pathname.split('/').pop() ?? '' })
      return m
    }
    const calls = (m: TestBrowser) => [
      () => m.caller.invoiceWebhooks.list({ businessId }),
      () => m.caller.invoiceWebhooks.deliveries({ businessId }),
      () =>
        m.caller.invoiceWebhooks.create({ businessId, url: 'https://shop.example/x', events: ALL }),
      () => m.caller.invoiceWebhooks.remove({ businessId, webhookId: hook.id }),
      () => m.caller.invoiceWebhooks.sendTest({ businessId, webhookId: hook.id }),
      () => m.caller.invoiceWebhooks.redeliver({ businessId, deliveryId: crypto.randomUUID() }),
    ]
    for (const role of ['manager', 'accountant'] as const) {
      const m = await member(role)
      for (const call of calls(m)) {
        const refused = await rejection(call())
        expect(refused.code, role).toBe('FORBIDDEN')
        expect(appCode(refused), role).toBe('ROLE_NOT_ALLOWED')
      }
    }
    expect(await owner.caller.invoiceWebhooks.list({ businessId })).toHaveLength(1)
    const admin = await member('admin')
    expect(await admin.caller.invoiceWebhooks.list({ businessId })).toHaveLength(1)
    await admin.caller.invoiceWebhooks.remove({ businessId, webhookId: hook.id })
    expect(await owner.caller.invoiceWebhooks.list({ businessId })).toEqual([])
  })
})
