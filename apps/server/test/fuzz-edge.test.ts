/**
 * Bad input is a 400 with a catalogue code, never a server error: text PostgreSQL cannot hold,
 * malformed serializer metadata, out-of-range export filters, and subscriptions to ids that do
 * not exist.
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scenario, uniqueEmail, type Scenario } from './harness'

let t: Scenario
let app: FastifyInstance
let base: string
let cookie: string
let businessId: string

const INTERNAL_TEXT =
  /Maximum call stack|TypeError|RangeError|ReferenceError|invalid byte sequence|unsupported Unicode|node_modules|\/src\/|\.ts:\d+|\bat [\w.<>]+ \(/

async function call(path: string, input: unknown, type: 'query' | 'mutation', raw?: string) {
  const body = raw ?? JSON.stringify({ json: input })
  const res =
    type === 'query'
      ? await app.inject({
          method: 'GET',
          url: `/trpc/${path}?input=${encodeURIComponent(body)}`,
          headers: { cookie, 'x-trpc-source': 'test' },
        })
      : await app.inject({
          method: 'POST',
          url: `/trpc/${path}`,
          headers: { cookie, 'x-trpc-source': 'test', 'content-type': 'application/json' },
          payload: body,
        })
  return res
}

function appCodeOf(body: string): unknown {
  const parsed = JSON.parse(body) as { error?: { json?: { data?: { appCode?: unknown } } } }
  return parsed.error?.json?.data?.appCode
}

/** The first event of a subscription over server-sent events: its name and data. */
async function firstEvent(path: string, input: unknown): Promise<{ event: string; data: string }> {
  const url = `${base}/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`
  const abort = new AbortController()
  const res = await fetch(url, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: AbortSignal.any([abort.signal, AbortSignal.timeout(10_000)]),
  })
  const reader = (res.body as ReadableStream<Uint8Array>).getReader()
  const decoder = new TextDecoder()
  let text = ''
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      text += decoder.decode(value, { stream: true })
      for (const block of text.split('\n\n').slice(0, -1)) {
        const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message'
        const data = /^data: (.*)$/m.exec(block)?.[1]
        if (data !== undefined && event !== 'connected') return { event, data }
      }
    }
  } finally {
    abort.abort()
  }
  return { event: 'end', data: text }
}

beforeAll(async () => {
  t = await scenario({ env: { EXCHANGE_API_URL: 'http://127.0.0.1:9' }, http: 'listen' })
  ;({ app, origin: base } = t)
  const signUp = await app.inject({
    method: 'POST',
    url: '/trpc/auth.signUp',
    headers: { 'content-type': 'application/json', 'x-trpc-source': 'test' },
    payload: JSON.stringify({ json: { email: uniqueEmail(), password: 'correct horse battery' } }),
  })
  cookie = String(signUp.headers['set-cookie']).split(';')[0]!
  const created = await call('businesses.create', { name: 'Corner Café' }, 'mutation')
  businessId = (JSON.parse(created.body) as { result: { data: { json: { id: string } } } }).result
    .data.json.id
})
afterAll(() => t?.close())

describe('text that cannot be stored', () => {
  it.each([
    ['a NUL', 'Corner\u0000Café'],
    ['a lone high surrogate', 'Corner \uD83D Café'],
    ['a lone low surrogate', 'Corner \uDE00 Café'],
  ])('refuses a business name with %s as INVALID_TEXT', async (_what, name) => {
    const res = await call('businesses.create', { name }, 'mutation')
    expect(res.statusCode).toBe(400)
    expect(appCodeOf(res.body)).toBe('INVALID_TEXT')
  })

  it('refuses it in a search, a nested form field and an object key alike', async () => {
    const search = await call('sales.transactions', { businessId, search: 'x\u0000' }, 'query')
    expect([search.statusCode, appCodeOf(search.body)]).toEqual([400, 'INVALID_TEXT'])
    const form = await call(
      'onboarding.saveCompany',
      { businessId, data: { legalName: 'Café', address: { city: 'Lon\uD800don' } } },
      'mutation',
    )
    expect([form.statusCode, appCodeOf(form.body)]).toEqual([400, 'INVALID_TEXT'])
    const key = await call('businesses.create', { name: 'Café', 'k\u0000': 1 }, 'mutation')
    expect([key.statusCode, appCodeOf(key.body)]).toEqual([400, 'INVALID_TEXT'])
  })

  it('keeps text with emoji and other paired surrogates', async () => {
    const res = await call('businesses.create', { name: 'Café 😀 𝄞' }, 'mutation')
    expect(res.statusCode).toBe(200)
  })

  it('answers the LNURL callback for a comment or name with a NUL without a server error', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/lnurlp/some%00one/callback?amount=1000&comment=hi%00there',
    })
    expect(res.statusCode).toBeLessThan(500)
    expect(res.json()).toMatchObject({ status: 'ERROR' })
  })

  it('answers the LNURL-withdraw callback for a k1 with a NUL as an LNURL error', async () => {
    const res = await app.inject({ method: 'GET', url: '/lnurlw/callback?k1=%00' })
    expect(res.statusCode).toBe(200)
    const body = res.json<Record<string, unknown>>()
    expect(body.status).toBe('ERROR')
    expect(typeof body.reason).toBe('string')
    expect(body).not.toHaveProperty('code')
  })
})

describe('malformed serializer metadata', () => {
  const deep = (n: number) => '['.repeat(n) + '"Date"' + ']'.repeat(n)
  it.each([
    ['nested very deep', `{"json":{"name":"x"},"meta":{"values":${deep(20_000)}}}`],
    ['nested deep in the value', `{"json":${deep(20_000)}}`],
    [
      'with a forbidden path',
      '{"json":{"name":"x"},"meta":{"values":{"__proto__.polluted":["undefined"]}}}',
    ],
    ['with an unknown type', '{"json":{"name":"x"},"meta":{"values":{"name":["nope"]}}}'],
    [
      'with a reference to a missing path',
      '{"json":{"name":"x"},"meta":{"referentialEqualities":{"a.b":["c.d"]}}}',
    ],
    ['that is not an envelope', '12'],
  ])('is a 400 without internal text when %s', async (_what, raw) => {
    for (const [path, type] of [
      ['businesses.create', 'mutation'],
      ['businesses.get', 'query'],
    ] as const) {
      const res = await call(path, undefined, type, raw)
      expect(res.statusCode).toBe(400)
      expect(res.body).not.toMatch(INTERNAL_TEXT)
      expect(appCodeOf(res.body)).toBe('VALIDATION')
    }
  })
})

describe('CSV export filters', () => {
  it.each([
    ['a date before the year 1', 'from=-010000-01-01T00:00:00.000Z'],
    ['a date after the year 9999', 'to=%2B100000-01-01T00:00:00.000Z'],
    ['an impossible date', 'from=2026-13-45'],
    ['an unknown status', 'status=lost'],
    ['a NUL in the search', 'search=a%00b'],
  ])('answers 400 with a JSON error for %s', async (_what, query) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/businesses/${businessId}/transactions.csv?${query}`,
      headers: { cookie },
    })
    expect(res.statusCode).toBe(400)
    expect(res.headers['content-type']).toMatch(/application\/json/)
    expect(res.json()).toMatchObject({ error: expect.any(String) as string })
    expect(res.body).not.toMatch(INTERNAL_TEXT)
  })

  it('still exports with dates in range', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/businesses/${businessId}/transactions.csv?from=2020-01-01&to=2030-01-01`,
      headers: { cookie },
    })
    expect(res.statusCode).toBe(200)
  })
})

describe('subscriptions for an id that does not exist', () => {
  it.each([
    ['payments.follow', { paymentId: '00000000-0000-4000-8000-000000000000' }],
    ['deposit.watch', { onchainInvoiceId: '00000000-0000-4000-8000-000000000000' }],
  ])('%s ends with NOT_FOUND', async (path, input) => {
    const { event, data } = await firstEvent(path, { businessId, ...input })
    expect(event).toBe('serialized-error')
    const error = JSON.parse(data) as { json: { data: { httpStatus: number; appCode: string } } }
    expect(error.json.data).toMatchObject({ httpStatus: 404, appCode: 'NOT_FOUND' })
  })
})
