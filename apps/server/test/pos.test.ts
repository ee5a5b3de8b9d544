/**
 * The POS REST API over real HTTP: a till authenticated as a device (Basic credentials or a
 * bearer session) with its MID creates a payment through the one payment flow, reads it,
 * follows it over SSE while simnet pays it, and cancels another; every refusal the issue names;
 * and the OpenAPI document.
 */
import { createHmac } from 'node:crypto'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import { afterAll, describe, expect, it } from 'vitest'
import { appCode, rejection, until } from './assertions'
import { nwcBusiness } from './businesses'
import { scenario, type TestBrowser } from './harness'

const t = await scenario({
  simnet: true,
  realtime: true,
  http: 'listen',
  watcherOptions: { leaseMs: 1_500, renewMs: 300 },
})
afterAll(t.close)
const { env, net, origin } = t

interface Till {
  loginId: string
  secret: string
  mid: string
  deviceId: string
}

async function tillDevice(b: TestBrowser, businessId: string, name: string, mid = `MID-${name}`) {
  const { device, credentials } = await b.caller.devices.create({ businessId, name, mid })
  return { ...credentials, mid, deviceId: device.id }
}

const basic = (t: Pick<Till, 'loginId' | 'secret'>) =>
  `Basic ${Buffer.from(`${t.loginId}:${t.secret}`).toString('base64')}`

async function api(
  method: 'GET' | 'POST',
  path: string,
  opts: { auth?: string; mid?: string; body?: unknown } = {},
) {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: {
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.auth ? { authorization: opts.auth } : {}),
      ...(opts.mid ? { 'x-merchant-id': opts.mid } : {}),
    },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

let keyCounter = 0
const key = () => `order-key-${++keyCounter}-${Date.now()}`

const create = (t: Till, body: Record<string, unknown>, auth = basic(t)) =>
  api('POST', '/api/v1/pos/payments', {
    auth,
    mid: t.mid,
    body: { amount: 1_000, currency: 'SAT', method: 'lightning', idempotencyKey: key(), ...body },
  })

/** Reads a server-sent event stream until `done` says so; returns the events' data. */
async function readEvents(
  path: string,
  headers: Record<string, string>,
  done: (event: Record<string, unknown>) => boolean,
  onOpen: () => Promise<void>,
) {
  const res = await fetch(`${origin}${path}`, { headers })
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toContain('text/event-stream')
  const reader = res.body?.getReader()
  if (!reader) throw new Error('no body')
  const events: Record<string, unknown>[] = []
  let buffer = ''
  let opened = false
  for (;;) {
    const { value, done: ended } = (await reader.read()) as {
      value?: Uint8Array
      done: boolean
    }
    if (ended) break
    buffer += new TextDecoder().decode(value)
    let cut = buffer.indexOf('\n\n')
    while (cut >= 0) {
      const block = buffer.slice(0, cut)
      buffer = buffer.slice(cut + 2)
      const data = block.split('\n').find((l) => l.startsWith('data: '))
      if (data) events.push(JSON.parse(data.slice(6)) as Record<string, unknown>)
      cut = buffer.indexOf('\n\n')
    }
    if (!opened && events.length > 0) {
      opened = true
      await onOpen()
    }
    const last = events.at(-1)
    if (last && done(last)) break
  }
  await reader.cancel().catch(() => {})
  return events
}

describe('POS payments', () => {
  it('creates a payment through the payment flow, reads it, and follows it until paid', async () => {
    const { b, businessId } = await nwcBusiness(env, net)
    const t = await tillDevice(b, businessId, 'Till1')
    const created = await create(t, {
      amount: 1_234,
      currency: 'GBP',
      memo: 'Table 4',
      orderReference: 'ORD-77',
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      status: 'pending',
      method: 'lightning',
      fiatMinor: 1_234,
      currency: 'GBP',
      memo: 'Table 4',
      orderReference: 'ORD-77',
    })
    expect(created.body.paymentRequest).toMatch(/^lnbcrt/)
    const id = created.body.id as string
    const row = await env.database.db
      .selectFrom('payments')
      .select(['deviceId', 'staffId', 'orderReference', 'businessId'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({
      deviceId: t.deviceId,
      staffId: null,
      orderReference: 'ORD-77',
      businessId,
    })

    const read = await api('GET', `/api/v1/pos/payments/${id}`, { auth: basic(t), mid: t.mid })
    expect(read).toMatchObject({ status: 200, body: { id, orderReference: 'ORD-77' } })
    // the owner sees it as one of the business's payments
    expect((await b.caller.payments.get({ businessId, paymentId: id })).id).toBe(id)

    const events = await readEvents(
      `/api/v1/pos/payments/${id}/events`,
      { authorization: basic(t), 'x-merchant-id': t.mid },
      (e) => e.status === 'settled',
      async () => {
        await net.control('POST', '/pay', { invoice: created.body.paymentRequest })
      },
    )
    expect(events[0]).toMatchObject({ id, status: 'pending' })
    expect(events.at(-1)).toMatchObject({ id, status: 'settled', orderReference: 'ORD-77' })
  })

  it('a bearer session records the staff member signed in at the device', async () => {
    const { b, businessId } = await nwcBusiness(env, net)
    const t = await tillDevice(b, businessId, 'Till2')
    const staff = await b.caller.staff.create({
      businessId,
      name: 'Noor',
      language: 'nl',
      permissions: { eodReport: false, refundReport: false, refund: false },
      pin: '8642',
    })
    const session = await api('POST', '/api/v1/pos/sessions', {
      body: { loginId: t.loginId, secret: t.secret },
    })
    expect(session.status).toBe(201)
    const token = session.body.token as string
    const device = env.browser({ headers: { authorization: `Bearer ${token}` } })
    await device.caller.device.staffSignIn({ staffId: staff.id, pin: '8642' })
    const created = await create(t, {}, `Bearer ${token}`)
    expect(created.status).toBe(201)
    const row = await env.database.db
      .selectFrom('payments')
      .select(['deviceId', 'staffId'])
      .where('id', '=', created.body.id as string)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ deviceId: t.deviceId, staffId: staff.id })

    // the transactions page shows and filters by device and staff; the CSV has both
    const other = await tillDevice(b, businessId, 'Till2b')
    const byDevice = await b.caller.sales.transactions({ businessId, deviceId: t.deviceId })
    expect(byDevice.items).toEqual([
      expect.objectContaining({
        id: created.body.id,
        deviceId: t.deviceId,
        deviceName: 'Till2',
        staffId: staff.id,
        staffName: 'Noor',
      }),
    ])
    expect(
      (await b.caller.sales.transactions({ businessId, staffId: staff.id })).items,
    ).toHaveLength(1)
    expect(
      (await b.caller.sales.transactions({ businessId, deviceId: other.deviceId })).items,
    ).toEqual([])
    const people = await b.caller.devices.people({ businessId })
    expect(people.staff.map((p) => p.name)).toEqual(['Noor'])
    expect(people.devices.map((d) => d.name).sort()).toEqual(['Till2', 'Till2b'])
    const csv = await fetch(
      `${origin}/api/businesses/${businessId}/transactions.csv?deviceId=${t.deviceId}`,
      { headers: { cookie: `sid=${b.cookies.get('sid') ?? ''}` } },
    )
    const lines = (await csv.text()).trim().split('\r\n')
    expect(lines[0]).toContain('device_id,device_name,staff_id,staff_name')
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain(`${t.deviceId},Till2,${staff.id},Noor`)

    // a device's bearer token reaches no owner procedure
    const owner = await fetch(
      `${origin}/trpc/devices.list?input=${encodeURIComponent(JSON.stringify({ json: { businessId } }))}`,
      { headers: { authorization: `Bearer ${token}` } },
    )
    expect(owner.status).toBe(401)
    // revoked from the dashboard: the token stops working
    await b.caller.devices.signOut({ businessId, deviceId: t.deviceId })
    expect((await create(t, {}, `Bearer ${token}`)).body.code).toBe('INVALID_CREDENTIALS')
  })

  it('cancels a waiting payment once; the idempotency key returns the same payment', async () => {
    const { b, businessId } = await nwcBusiness(env, net)
    const t = await tillDevice(b, businessId, 'Till3')
    const idempotencyKey = key()
    const first = await create(t, { idempotencyKey, amount: 2_000 })
    const again = await create(t, { idempotencyKey, amount: 2_000 })
    expect(again.body.id).toBe(first.body.id)
    const other = await create(t, { idempotencyKey, amount: 2_001 })
    expect(other).toMatchObject({ status: 409, body: { code: 'IDEMPOTENCY_KEY_REUSED' } })

    const path = `/api/v1/pos/payments/${first.body.id as string}/cancel`
    const cancelled = await api('POST', path, { auth: basic(t), mid: t.mid })
    expect(cancelled).toMatchObject({
      status: 200,
      body: { status: 'expired', failureReason: 'PAYMENT_CANCELLED' },
    })
    const twice = await api('POST', path, { auth: basic(t), mid: t.mid })
    expect(twice).toMatchObject({ status: 412, body: { code: 'PAYMENT_NOT_CANCELLABLE' } })
  })
})

describe('POS refusals', () => {
  it('refuses wrong credentials, revoked devices, and a missing or foreign MID', async () => {
    const { b, businessId } = await nwcBusiness(env, net)
    const t = await tillDevice(b, businessId, 'Till4')
    const before = await env.database.db
      .selectFrom('payments')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow()
    const wrong = { ...t, secret: `${t.secret.slice(0, -2)}xx` }
    expect(await create(t, {}, basic(wrong))).toMatchObject({
      status: 401,
      body: { code: 'INVALID_CREDENTIALS' },
    })
    expect(await create(t, {}, 'Bearer not-a-real-token-but-long-enough')).toMatchObject({
      status: 401,
    })
    expect(
      await api('POST', '/api/v1/pos/payments', {
        auth: basic(t),
        body: { amount: 1, currency: 'SAT', method: 'lightning', idempotencyKey: key() },
      }),
    ).toMatchObject({ status: 401, body: { header: 'x-merchant-id' } })
    expect(await create({ ...t, mid: 'MID-other' }, {}, basic(t))).toMatchObject({
      status: 403,
      body: { code: 'MERCHANT_ID_MISMATCH' },
    })
    const noMid = await b.caller.devices.create({ businessId, name: 'No MID' })
    expect(
      await create({ ...noMid.credentials, mid: 'anything', deviceId: noMid.device.id }, {}),
    ).toMatchObject({ status: 403, body: { code: 'MERCHANT_ID_MISMATCH' } })

    // regenerated: the old secret is refused; deleted: the new one is too
    const fresh = await b.caller.devices.regenerate({ businessId, deviceId: t.deviceId })
    expect((await create(t, {})).status).toBe(401)
    const renewed = { ...t, ...fresh.credentials }
    expect((await create(renewed, {})).status).toBe(201)
    await b.caller.devices.delete({ businessId, deviceId: t.deviceId, confirmName: 'Till4' })
    expect((await create(renewed, {})).status).toBe(401)
    const after = await env.database.db
      .selectFrom('payments')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(after.n)).toBe(Number(before.n) + 1)
  })

  it("refuses bad amounts and currencies, and another business's or device's payment", async () => {
    const { b, businessId } = await nwcBusiness(env, net)
    const t = await tillDevice(b, businessId, 'Till5')
    const sibling = await tillDevice(b, businessId, 'Till6')
    for (const body of [
      { amount: 0 },
      { amount: -5 },
      { amount: 1.5 },
      { amount: 2_100_000_000_000_001 },
      { amount: 10_000_000_000_000 },
      { currency: 'USD' },
      { currency: 'DOGE' },
      { method: 'ecash' },
      { idempotencyKey: 'short' },
    ]) {
      const res = await create(t, body)
      expect(res, JSON.stringify(body)).toMatchObject({ status: 400, body: { code: 'VALIDATION' } })
    }
    const mine = await create(t, {})
    const id = mine.body.id as string
    const other = await nwcBusiness(env, net)
    const foreign = await tillDevice(other.b, other.businessId, 'Elsewhere')
    for (const caller of [foreign, sibling]) {
      for (const [method, path] of [
        ['GET', `/api/v1/pos/payments/${id}`],
        ['POST', `/api/v1/pos/payments/${id}/cancel`],
        ['GET', `/api/v1/pos/payments/${id}/events`],
      ] as const) {
        const res = await api(method, path, { auth: basic(caller), mid: caller.mid })
        expect(res, `${method} ${path}`).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } })
      }
    }
    expect(
      (await api('GET', `/api/v1/pos/payments/${id}`, { auth: basic(t), mid: t.mid })).body.status,
    ).toBe('pending')
  })
})

describe('webhooks', () => {
  it('sends a signed webhook when a payment settles, retrying after a failure', async () => {
    const received: { headers: IncomingHttpHeaders; body: string }[] = []
    let failuresLeft = 1
    const till = createServer((req, res) => {
      let body = ''
      req.on('data', (c: Buffer) => (body += c.toString('utf8')))
      req.on('end', () => {
        received.push({ headers: req.headers, body })
        if (failuresLeft > 0) {
          failuresLeft -= 1
          res.writeHead(500).end()
        } else res.writeHead(204).end()
      })
    })
    await new Promise<void>((resolve) => till.listen(0, '127.0.0.1', resolve))
    const address = till.address()
    if (!address || typeof address === 'string') throw new Error('no port')
    try {
      const { b, businessId } = await nwcBusiness(env, net)
      const t = await tillDevice(b, businessId, 'Hooked')
      const url = `http://127.0.0.1:${address.port}/hooks/payments`
      const hook = await b.caller.pos.setWebhook({ businessId, deviceId: t.deviceId, url })
      expect(hook.secret).toMatch(/^whsec_/)
      expect(await b.caller.pos.webhooks({ businessId })).toEqual([
        expect.objectContaining({ deviceId: t.deviceId, url }),
      ])
      expect(JSON.stringify(await b.caller.pos.webhooks({ businessId }))).not.toContain(hook.secret)

      const created = await create(t, { orderReference: 'ORD-HOOK' })
      await net.control('POST', '/pay', { invoice: created.body.paymentRequest })
      const log = await until(
        () => b.caller.pos.deliveries({ businessId }),
        (d) => d[0]?.status === 'delivered',
        'the webhook to be delivered',
        45_000,
      )
      expect(log[0]).toMatchObject({
        paymentId: created.body.id,
        deviceName: 'Hooked',
        event: 'payment.settled',
        attempts: 2,
        lastStatusCode: 204,
      })
      expect(received).toHaveLength(2)
      const last = received[1]
      if (!last) throw new Error('no delivery')
      const timestamp = String(last.headers['x-signature-timestamp'])
      const expected = createHmac('sha256', hook.secret)
        .update(`${timestamp}.${last.body}`)
        .digest('hex')
      expect(last.headers['x-signature']).toBe(expected)
      expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60)
      expect(JSON.parse(last.body)).toMatchObject({
        event: 'payment.settled',
        payment: { id: created.body.id, status: 'settled', orderReference: 'ORD-HOOK' },
      })
      // another business cannot set or see this device's webhook
      const other = await nwcBusiness(env, net)
      const foreign = await rejection(
        other.b.caller.pos.setWebhook({ businessId: other.businessId, deviceId: t.deviceId, url }),
      )
      expect(appCode(foreign)).toBe('NOT_FOUND')
      expect(await other.b.caller.pos.deliveries({ businessId: other.businessId })).toEqual([])
      await b.caller.pos.removeWebhook({ businessId, deviceId: t.deviceId })
      expect(await b.caller.pos.webhooks({ businessId })).toEqual([])
      const again = await rejection(
        b.caller.pos.removeWebhook({ businessId, deviceId: t.deviceId }),
      )
      expect(appCode(again)).toBe('NOT_FOUND')
    } finally {
      await new Promise<void>((resolve) => till.close(() => resolve()))
    }
  })
})

describe('the API documentation', () => {
  it('serves an OpenAPI 3 document generated from the schemas', async () => {
    const res = await api('GET', '/api/docs')
    expect(res.status).toBe(200)
    expect(String(res.body.openapi)).toMatch(/^3\./)
    const paths = res.body.paths as Record<string, Record<string, unknown>>
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/pos/payments',
        '/api/v1/pos/payments/{paymentId}',
        '/api/v1/pos/payments/{paymentId}/cancel',
        '/api/v1/pos/payments/{paymentId}/events',
        '/api/v1/pos/sessions',
      ]),
    )
    const create = paths['/api/v1/pos/payments']?.post as {
      requestBody: { content: { 'application/json': { schema: { properties: object } } } }
    }
    expect(Object.keys(create.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining([
        'amount',
        'currency',
        'method',
        'memo',
        'orderReference',
        'idempotencyKey',
      ]),
    )
  })
})
