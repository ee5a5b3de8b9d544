/**
 * Selling online over real HTTP: a web shop creates invoices with an API key (one payment of the
 * payment flow each, Lightning and on-chain in one BIP21 URI), reads and lists them; every bad
 * input the issue names is refused with nothing created; the checkout's public endpoints follow
 * an invoice paid by Lightning, paid in part on-chain, invalidated and expired; payment links
 * make invoices within their limits.
 */
import { MAX_PAYMENT_SAT, type ApiKeyScope } from '@app/domain'
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { until } from './assertions'
import { exchangeBusiness } from './businesses'
import { scenario, type TestBrowser } from './harness'

const t = await scenario({ simnet: true, realtime: true, http: 'listen' })
afterAll(t.close)
const { env, net, origin } = t
const db = env.database.db

async function call(
  method: 'GET' | 'POST',
  path: string,
  opts: { key?: string; body?: unknown } = {},
) {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: {
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.key ? { authorization: `Bearer ${opts.key}` } : {}),
    },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

async function shop(scopes: ApiKeyScope[] = ['invoices:create', 'invoices:read']) {
  const { b, businessId } = await exchangeBusiness(env, net)
  const { key } = await b.caller.apiKeys.create({ businessId, data: { name: 'Shop', scopes } })
  return { b, businessId, key }
}

const invoiceCount = async (businessId: string) =>
  Number(
    (
      await db
        .selectFrom('invoices')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('businessId', '=', businessId)
        .executeTakeFirstOrThrow()
    ).n,
  )

const stored = (id: string) =>
  db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

describe('the invoice API', () => {
  it('creates an invoice with its order details, and the same one again by its key', async () => {
    const { businessId, key } = await shop()
    const body = {
      amount: 1_250,
      currency: 'GBP',
      orderId: 'ORDER-1001',
      description: 'Two mugs',
      metadata: { cart: [{ sku: 'MUG', qty: 2 }] },
      redirectUrl: 'https://shop.example/thanks?order=1001',
      idempotencyKey: 'order-1001-attempt',
    }
    const created = await call('POST', '/api/v1/invoices', { key, body })
    expect(created.status).toBe(201)
    const inv = created.body
    expect(inv).toMatchObject({
      status: 'new',
      exception: null,
      amount: 1_250,
      currency: 'GBP',
      orderId: 'ORDER-1001',
      description: 'Two mugs',
      metadata: { cart: [{ sku: 'MUG', qty: 2 }] },
      redirectUrl: 'https://shop.example/thanks?order=1001',
      receivedSat: 0,
    })
    expect(inv.checkoutUrl).toBe(
      `${env.services.config.publicUrl.replace(/\/$/, '')}/pay/${String(inv.id)}`,
    )
    expect(inv.amountSat).toBeGreaterThan(0)
    // Lightning and on-chain in one URI
    expect(String(inv.bip21)).toMatch(/^bitcoin:.+\?amount=.+&lightning=ln/)
    expect(inv.lightningInvoice).toMatch(/^ln/)

    const again = await call('POST', '/api/v1/invoices', { key, body })
    expect(again.status).toBe(200)
    expect(again.body.id).toBe(inv.id)
    const other = await call('POST', '/api/v1/invoices', { key, body: { ...body, amount: 999 } })
    expect(other).toMatchObject({ status: 409, body: { code: 'IDEMPOTENCY_KEY_REUSED' } })
    expect(await invoiceCount(businessId)).toBe(1)

    const read = await call('GET', `/api/v1/invoices/${String(inv.id)}`, { key })
    expect(read).toMatchObject({ status: 200, body: { id: inv.id, orderId: 'ORDER-1001' } })
  })

  it('refuses every bad input with a clear error, creating nothing', async () => {
    const { businessId, key } = await shop()
    const good = { amount: 1_000, currency: 'SAT' }
    const bad: [string, Record<string, unknown>, string][] = [
      ['zero', { amount: 0 }, 'VALIDATION'],
      ['negative', { amount: -5 }, 'VALIDATION'],
      ['not a number', { amount: 'ten' }, 'VALIDATION'],
      ['above the limit', { amount: MAX_PAYMENT_SAT + 1 }, 'VALIDATION'],
      ['an unknown currency', { currency: 'XYZ' }, 'VALIDATION'],
      ["not the business's currency", { currency: 'USD' }, 'VALIDATION'],
      ['a javascript: redirect', { redirectUrl: 'javascript:alert(1)' }, 'VALIDATION'],
      ['a data: redirect', { redirectUrl: 'data:text/html,hi' }, 'VALIDATION'],
      ['an order id over its limit', { orderId: 'x'.repeat(101) }, 'VALIDATION'],
      ['a description over its limit', { description: 'x'.repeat(501) }, 'VALIDATION'],
      ['metadata over 4 KB', { metadata: { note: 'x'.repeat(4_100) } }, 'VALIDATION'],
    ]
    for (const [what, change, code] of bad) {
      const res = await call('POST', '/api/v1/invoices', { key, body: { ...good, ...change } })
      expect({ what, status: res.status, code: res.body.code }).toEqual({
        what,
        status: 400,
        code,
      })
    }
    expect(await invoiceCount(businessId)).toBe(0)
  })

  it('needs a key of the business with the scope: nothing else is seen or made', async () => {
    const { businessId, key } = await shop()
    const readOnly = await shop(['invoices:read'])
    const body = { amount: 1_000, currency: 'SAT' }
    expect(await call('POST', '/api/v1/invoices', { body })).toMatchObject({ status: 401 })
    expect(await call('POST', '/api/v1/invoices', { key: readOnly.key, body })).toMatchObject({
      status: 403,
      body: { code: 'API_KEY_SCOPE_MISSING' },
    })
    expect(await invoiceCount(readOnly.businessId)).toBe(0)

    const mine = await call('POST', '/api/v1/invoices', { key, body })
    // another business's key does not find it
    expect(
      await call('GET', `/api/v1/invoices/${String(mine.body.id)}`, { key: readOnly.key }),
    ).toMatchObject({ status: 404 })

    const { b } = readOnly
    const keys = await b.caller.apiKeys.list({ businessId: readOnly.businessId })
    await b.caller.apiKeys.revoke({ businessId: readOnly.businessId, keyId: keys[0]?.id ?? '' })
    expect(await call('GET', '/api/v1/invoices', { key: readOnly.key })).toMatchObject({
      status: 401,
      body: { code: 'API_KEY_INVALID' },
    })
    expect(await invoiceCount(businessId)).toBe(1)
  })

  it('lists invoices newest first in pages, by status and by order id', async () => {
    const { key } = await shop()
    const ids: string[] = []
    for (let i = 1; i <= 5; i++) {
      const r = await call('POST', '/api/v1/invoices', {
        key,
        body: { amount: 1_000 + i, currency: 'SAT', orderId: `O-${i % 2}` },
      })
      ids.push(String(r.body.id))
    }
    const first = await call('GET', '/api/v1/invoices?limit=2', { key })
    const page1 = first.body.invoices as { id: string }[]
    expect(page1.map((i) => i.id)).toEqual([ids[4], ids[3]])
    const second = await call(
      'GET',
      `/api/v1/invoices?limit=2&cursor=${String(first.body.nextCursor)}`,
      { key },
    )
    expect((second.body.invoices as { id: string }[]).map((i) => i.id)).toEqual([ids[2], ids[1]])
    const byOrder = await call('GET', '/api/v1/invoices?orderId=O-0', { key })
    expect((byOrder.body.invoices as { id: string }[]).map((i) => i.id)).toEqual([ids[3], ids[1]])
    const settled = await call('GET', '/api/v1/invoices?status=settled', { key })
    expect(settled.body.invoices).toEqual([])
    expect(await call('GET', '/api/v1/invoices?cursor=nonsense', { key })).toMatchObject({
      status: 400,
    })
  })
})

describe('the checkout', () => {
  it('follows an invoice paid by Lightning to settled, and records it and its events once', async () => {
    const { b, businessId, key } = await shop()
    await b.caller.invoiceWebhooks.create({
      businessId,
      url: 'http://127.0.0.1:9/hook',
      events: ['invoice.created', 'invoice.settled', 'invoice.expired'],
    })
    const inv = (
      await call('POST', '/api/v1/invoices', { key, body: { amount: 2_000, currency: 'SAT' } })
    ).body
    const id = String(inv.id)
    const view = await call('GET', `/api/v1/checkout/${id}`)
    expect(view).toMatchObject({
      status: 200,
      body: { id, status: 'new', amountSat: 2_000, acceptsEcash: true, paymentLinkId: null },
    })
    expect(typeof (view.body.business as { name?: unknown }).name).toBe('string')
    await net.control('POST', '/pay', { invoice: inv.lightningInvoice })
    await until(
      () => stored(id),
      (r) => r.status === 'settled',
      'the invoice to be recorded settled',
    )
    const paid = await call('GET', `/api/v1/checkout/${id}`)
    expect(paid.body).toMatchObject({ status: 'settled', receivedSat: 2_000, bip21: null })
    expect(await call('GET', `/api/v1/invoices/${id}`, { key })).toMatchObject({
      body: { status: 'settled', exception: null },
    })
    expect((await stored(id)).settledAt).toBeInstanceOf(Date)
    // one delivery per event the webhook takes, however many times the invoice was looked at
    await env.services.invoiceSync.sweep()
    const events = await db
      .selectFrom('invoiceWebhookDeliveries')
      .select(['event', 'payload'])
      .where('invoiceId', '=', id)
      .orderBy('createdAt')
      .execute()
    expect(events.map((e) => e.event)).toEqual(['invoice.created', 'invoice.settled'])
    expect(events[1]?.payload).toMatchObject({
      event: 'invoice.settled',
      invoice: { id, status: 'settled' },
    })
  })

  it('shows half the amount paid on-chain as paid in part; the merchant accepts it once confirmed', async () => {
    const { b, businessId, key } = await shop()
    const inv = (
      await call('POST', '/api/v1/invoices', { key, body: { amount: 40_000, currency: 'SAT' } })
    ).body
    const id = String(inv.id)
    await net.control('POST', '/send', { address: inv.address, amountSat: 20_000 })
    await until(
      () => call('GET', `/api/v1/checkout/${id}`),
      (r) => r.body.receivedSat === 20_000,
      'the half payment to be seen',
    )
    // not confirmed yet: nothing to accept
    await expect(b.caller.invoices.acceptPartial({ businessId, invoiceId: id })).rejects.toThrow(
      /confirmed on-chain/,
    )
    // the exchange credits a deposit after its confirmations
    await net.control('POST', '/mine', { blocks: 3 })
    const seen = await until(
      () => stored(id),
      (r) => r.exception === 'paid_partial',
      'the invoice to be recorded as paid in part',
    )
    expect(seen.status).toBe('new')
    const view = await call('GET', `/api/v1/checkout/${id}`)
    expect(view.body).toMatchObject({
      status: 'new',
      exception: 'paid_partial',
      receivedSat: 20_000,
    })
    // nothing more to pay by QR: the merchant settles the difference with the customer
    expect(view.body.bip21).toBeNull()

    await until(
      () =>
        db
          .selectFrom('payments')
          .selectAll()
          .where('id', '=', seen.paymentId ?? '')
          .executeTakeFirstOrThrow(),
      (p) => p.confirmations >= 1,
      'the part payment to be confirmed',
    )
    const accepted = await b.caller.invoices.acceptPartial({ businessId, invoiceId: id })
    expect(accepted).toMatchObject({
      status: 'settled',
      exception: 'paid_partial',
      receivedSat: 20_000,
    })
    expect(await stored(id)).toMatchObject({ status: 'settled', exception: 'paid_partial' })
    const payment = await b.caller.payments.get({ businessId, paymentId: seen.paymentId ?? '' })
    expect(payment).toMatchObject({ status: 'settled', receivedSat: 20_000 })
    await expect(b.caller.invoices.acceptPartial({ businessId, invoiceId: id })).rejects.toThrow(
      /confirmed on-chain/,
    )
  })

  it('takes an on-chain payment made after the expiry as paid late, and says so once', async () => {
    const { b, businessId, key } = await shop()
    await b.caller.invoiceWebhooks.create({
      businessId,
      url: 'http://127.0.0.1:9/hook',
      events: ['invoice.expired', 'invoice.paid_late', 'invoice.settled'],
    })
    const inv = (
      await call('POST', '/api/v1/invoices', { key, body: { amount: 25_000, currency: 'SAT' } })
    ).body
    const id = String(inv.id)
    await db
      .updateTable('invoices')
      .set({ expiresAt: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', id)
      .execute()
    await env.services.invoiceSync.sweep()
    expect(await stored(id)).toMatchObject({ status: 'expired', exception: null })
    // the customer pays anyway, to the address still watched
    await net.control('POST', '/send', { address: inv.address, amountSat: 25_000 })
    await until(
      () => stored(id),
      (r) => r.exception === 'paid_late',
      'the late payment to be seen',
    )
    await net.control('POST', '/mine', { blocks: 3 })
    await until(
      () => stored(id),
      (r) => r.status === 'settled',
      'the late payment to be credited',
    )
    expect(await call('GET', `/api/v1/invoices/${id}`, { key })).toMatchObject({
      body: { status: 'settled', exception: 'paid_late', receivedSat: 25_000 },
    })
    expect((await call('GET', `/api/v1/checkout/${id}`)).body).toMatchObject({
      status: 'settled',
      exception: 'paid_late',
    })
    await env.services.invoiceSync.sweep()
    const events = await db
      .selectFrom('invoiceWebhookDeliveries')
      .select('event')
      .where('invoiceId', '=', id)
      .orderBy('createdAt')
      .execute()
    expect(events.map((e) => e.event)).toEqual([
      'invoice.expired',
      'invoice.paid_late',
      'invoice.settled',
    ])
  })

  it('is invalidated by the shop, and expires when its time is up', async () => {
    const { key } = await shop()
    const a = (
      await call('POST', '/api/v1/invoices', { key, body: { amount: 1_000, currency: 'SAT' } })
    ).body
    const invalid = await call('POST', `/api/v1/invoices/${String(a.id)}/invalidate`, { key })
    expect(invalid).toMatchObject({ status: 200, body: { status: 'invalid' } })
    expect(await call('GET', `/api/v1/checkout/${String(a.id)}`)).toMatchObject({
      body: { status: 'invalid', bip21: null, lightningInvoice: null },
    })
    const again = await call('POST', `/api/v1/invoices/${String(a.id)}/invalidate`, { key })
    expect(again).toMatchObject({ status: 412, body: { code: 'INVOICE_NOT_INVALIDATABLE' } })

    const b = (
      await call('POST', '/api/v1/invoices', { key, body: { amount: 1_000, currency: 'SAT' } })
    ).body
    await db
      .updateTable('invoices')
      .set({ expiresAt: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', String(b.id))
      .execute()
    expect(await call('GET', `/api/v1/checkout/${String(b.id)}`)).toMatchObject({
      body: { status: 'expired', bip21: null },
    })
    await env.services.invoiceSync.sweep()
    expect(await stored(String(b.id))).toMatchObject({ status: 'expired' })
  })
})

describe('a request cut short', () => {
  it('asks for the payment of an invoice whose process stopped, once, by its key', async () => {
    const { businessId, key } = await shop()
    // the row as a process that stopped after writing it (before the wallet answered) left it
    const row = await db
      .insertInto('invoices')
      .values({
        businessId,
        amount: 3_000,
        currency: 'SAT',
        amountSat: 3_000,
        metadata: '{}',
        expiresAt: sql<Date>`now() + interval '15 minutes'`,
        createdAt: sql<Date>`now() - interval '3 minutes'`,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    expect(row.paymentId).toBeNull()
    await env.services.invoiceSync.sweep()
    const asked = await stored(row.id)
    expect(asked.paymentId).not.toBeNull()
    // again: the same payment, by the same key
    await env.services.invoiceSync.sweep()
    expect((await stored(row.id)).paymentId).toBe(asked.paymentId)
    const payments = await db
      .selectFrom('payments')
      .select('id')
      .where('idempotencyKey', '=', `invoice:${row.id}`)
      .execute()
    expect(payments).toHaveLength(1)
    const view = await call('GET', `/api/v1/invoices/${row.id}`, { key })
    expect(view.body).toMatchObject({ status: 'new', amountSat: 3_000 })
    expect(view.body.lightningInvoice).toMatch(/^ln/)
  })
})

describe('payment links', () => {
  async function linkOf(b: TestBrowser, businessId: string, change: Record<string, unknown> = {}) {
    return b.caller.invoices.createLink({
      businessId,
      name: 'Gift card',
      description: 'A gift card',
      amount: 5_000,
      currency: 'SAT',
      maxUses: null,
      activeUntil: null,
      redirectUrl: null,
      ...change,
    })
  }

  it('makes an invoice per use, within its limits, and counts uses and totals', async () => {
    const { b, businessId } = await shop()
    const once = await linkOf(b, businessId, { maxUses: 1 })
    expect(once.url).toMatch(new RegExp(`/l/${once.id}$`))
    expect(await call('GET', `/api/v1/links/${once.id}`)).toMatchObject({
      status: 200,
      body: { name: 'Gift card', amount: 5_000, currency: 'SAT', closed: null },
    })
    const used = await call('POST', `/api/v1/links/${once.id}/invoices`, { body: {} })
    expect(used).toMatchObject({
      status: 201,
      body: { status: 'new', amountSat: 5_000, paymentLinkId: once.id },
    })
    expect(await call('POST', `/api/v1/links/${once.id}/invoices`, { body: {} })).toMatchObject({
      status: 412,
      body: { code: 'PAYMENT_LINK_CLOSED' },
    })
    expect((await call('GET', `/api/v1/links/${once.id}`)).body.closed).toBe('used_up')

    await net.control('POST', '/pay', { invoice: used.body.lightningInvoice })
    const links = await until(
      () => b.caller.invoices.links({ businessId }),
      (l) => l[0]?.paidCount === 1,
      'the paid use to count',
    )
    expect(links[0]).toMatchObject({ uses: 1, paidCount: 1, paidSat: 5_000 })

    const open = await linkOf(b, businessId, { amount: null, currency: 'GBP' })
    expect(await call('POST', `/api/v1/links/${open.id}/invoices`, { body: {} })).toMatchObject({
      status: 400,
    })
    const own = await call('POST', `/api/v1/links/${open.id}/invoices`, { body: { amount: 350 } })
    expect(own).toMatchObject({ status: 201, body: { amount: 350, currency: 'GBP' } })

    await b.caller.invoices.setLinkActive({ businessId, linkId: open.id, active: false })
    expect(
      await call('POST', `/api/v1/links/${open.id}/invoices`, { body: { amount: 350 } }),
    ).toMatchObject({ status: 412, body: { code: 'PAYMENT_LINK_CLOSED' } })
    expect(await call('GET', '/api/v1/links/nonexistent-link')).toMatchObject({ status: 404 })
  })
})

describe('the API document', () => {
  it('describes the invoice API beside the POS API, from the same schemas', async () => {
    const doc = (await (await fetch(`${origin}/api/docs`)).json()) as {
      paths: Record<string, Record<string, { security?: unknown; responses?: object }>>
      components: { securitySchemes: Record<string, unknown> }
    }
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/invoices',
        '/api/v1/invoices/{invoiceId}',
        '/api/v1/invoices/{invoiceId}/invalidate',
        '/api/v1/pos/payments',
      ]),
    )
    expect(doc.paths['/api/v1/invoices']?.post?.security).toEqual([{ apiKey: [] }])
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ scheme: 'bearer' })
  })
})
