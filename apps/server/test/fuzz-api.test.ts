/**
 * Seeded fuzzing of every procedure and HTTP route, as a signed-in member of a business: random
 * JSON shapes, long strings, NUL, lone surrogates, huge and negative numbers, deep arrays, wrong
 * types and malformed serializer metadata. No answer may be a server error or carry internal
 * text. The seed is fixed, so a failure names an input that fails again.
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appRouter } from '../src/trpc/app-router'
import { scenario, uniqueEmail, type Scenario } from './harness'
import {
  companyDetails,
  corporationDirectors,
  financial,
  operations,
  pci,
  terms,
} from './onboarding-fixtures'

const SEED = 0x13c0ffee
const INPUTS_PER_PROCEDURE = 48
const INPUTS_PER_SUBSCRIPTION = 12
const INPUTS_PER_ROUTE = 150

/** What must never reach a client: stack frames, runtime error names, SQL, file paths. */
const INTERNAL_TEXT =
  /Maximum call stack|TypeError|RangeError|ReferenceError|SyntaxError|invalid byte sequence|unsupported Unicode|violates|relation "|column "|syntax error at|node_modules|\/work\/|\/src\/|\.ts:\d+|\bat [\w.<>]+ \(/

/** mulberry32: small, fast and the same on every run for one seed. */
function prng(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (n: number) => Math.floor(next() * n)
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!
  return { next, int, pick, chance: (p: number) => next() < p }
}
type Rng = ReturnType<typeof prng>

const FIELDS = [
  'businessId',
  'name',
  'description',
  'shortName',
  'search',
  'email',
  'password',
  'currentPassword',
  'newPassword',
  'confirmPassword',
  'code',
  'paymentId',
  'onchainInvoiceId',
  'tipPageId',
  'sessionId',
  'amount',
  'amountSat',
  'fiatMinor',
  'sat',
  'currency',
  'memo',
  'idempotencyKey',
  'token',
  'url',
  'apiKey',
  'secretKey',
  'kind',
  'status',
  'method',
  'from',
  'to',
  'cursor',
  'limit',
  'lastEventId',
  'data',
  'reason',
  'id',
  '__proto__',
  'constructor',
] as const

const NASTY_STRINGS = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  'x\uD800',
  '\uDFFFy',
  '\uDBFF\uDBFF',
  '😀 𝄞 Café',
  "'; DROP TABLE users; --",
  '%00',
  '../../etc/passwd',
  '\\',
  '%_%',
  'null',
  '00000000-0000-4000-8000-000000000000',
  'not-a-uuid',
  '2026-13-45',
  '-271821-04-20T00:00:00.000Z',
  'lnbc1',
  'cashuAeyJ0b2tlbiI6W119',
  'nostr+walletconnect://x?relay=ws://127.0.0.1:9&secret=00',
  'http://127.0.0.1:9/',
  'lightning',
  'settled',
  'GBP',
]

const NUMBERS = [0, -1, 1, 1.5, -0.5, 1e308, -1e308, 2 ** 53 + 2, 2_100_000_000_000_001, 1e-320]

function randomString(r: Rng): string {
  const kind = r.int(6)
  if (kind === 0) return 'x'.repeat(r.pick([100, 1_000, 20_000]))
  if (kind === 1) {
    let s = ''
    for (let i = r.int(24); i > 0; i--) s += String.fromCharCode(r.int(0x10000))
    return s
  }
  if (kind === 2) return `w${r.int(1e9).toString(36)}`
  return r.pick(NASTY_STRINGS)
}

function randomValue(r: Rng, depth = 0): unknown {
  const kind = r.int(depth > 3 ? 4 : 7)
  if (kind === 0) return randomString(r)
  if (kind === 1) return r.pick(NUMBERS)
  if (kind === 2) return r.pick([true, false, null])
  if (kind === 3) return r.pick([[], {}, [[[[[]]]]], 'x'])
  if (kind === 4) return Array.from({ length: r.int(4) }, () => randomValue(r, depth + 1))
  return randomObject(r, depth + 1)
}

function randomObject(r: Rng, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (let i = r.int(5); i > 0; i--) {
    const key = r.chance(0.9) ? r.pick(FIELDS) : randomString(r).slice(0, 50)
    Object.defineProperty(out, key, {
      value: randomValue(r, depth),
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
  return out
}

/** Valid-looking inputs with one field made bad, to get past the first checks. */
function templates(businessId: string): Record<string, Record<string, unknown>> {
  return {
    'businesses.create': { name: 'Corner Café' },
    'tips.create': { businessId, shortName: 'corner', description: 'Thanks' },
    'sales.transactions': { businessId, search: 'coffee', limit: 10 },
    'onboarding.saveCompany': { businessId, data: companyDetails() },
    'onboarding.saveDirectors': { businessId, data: corporationDirectors },
    'onboarding.saveFinancial': { businessId, data: financial },
    'onboarding.savePci': { businessId, data: pci },
    'onboarding.saveOperations': { businessId, data: operations },
    'onboarding.submit': { businessId, data: terms },
    'auth.signIn': { email: 'someone@example.com', password: 'correct horse battery' },
    'auth.signUp': { email: 'someone@example.com', password: 'correct horse battery' },
  }
}

/** Replaces one string leaf of a copy of the value with a bad string. */
function spoil(r: Rng, value: unknown): unknown {
  const copy = structuredClone(value) as Record<string, unknown>
  const leaves: [Record<string, unknown>, string][] = []
  const walk = (v: unknown) => {
    if (typeof v !== 'object' || v === null) return
    for (const [k, child] of Object.entries(v)) {
      if (typeof child === 'string') leaves.push([v as Record<string, unknown>, k])
      else walk(child)
    }
  }
  walk(copy)
  if (leaves.length === 0) return copy
  const [holder, key] = r.pick(leaves)
  holder[key] = r.chance(0.5) ? r.pick(NASTY_STRINGS.slice(2, 6)) : randomValue(r)
  return copy
}

const deep = (n: number) => '['.repeat(n) + ']'.repeat(n)

/** The body of a request as sent: usually a superjson envelope, sometimes a malformed one. */
function randomBody(r: Rng, input: unknown): string {
  const json = JSON.stringify(input) ?? 'null'
  switch (r.int(14)) {
    case 0:
      return `{"json":${json},"meta":{"values":${deep(r.pick([100, 5_000, 50_000]))}}}`
    case 1:
      return `{"json":${json},"meta":{"values":{"${r.pick(['a.b.c', '__proto__', 'constructor.prototype', '0.0.0'])}":["${r.pick(['Date', 'bigint', 'map', 'set', 'regexp', 'nope'])}"]}}}`
    case 2:
      return `{"json":${json},"meta":{"referentialEqualities":{"${r.pick(['', 'a', '__proto__'])}":["b.c","${'d.'.repeat(50)}e"]}}}`
    case 3:
      return `{"json":${json},"meta":${JSON.stringify(randomValue(r))}}`
    case 4:
      return r.pick([json, '{', 'null', '"x"', deep(10_000), `{"json":${deep(20_000)}}`])
    default:
      return JSON.stringify({ json: input })
  }
}

let t: Scenario
let app: FastifyInstance
let base: string
let cookie: string
let businessId: string
const answers = { total: 0, byStatus: new Map<number, number>() }

function expectSafe(what: string, status: number, body: string) {
  answers.total += 1
  answers.byStatus.set(status, (answers.byStatus.get(status) ?? 0) + 1)
  expect(status, `${what} answered ${status}: ${body.slice(0, 300)}`).toBeLessThan(500)
  if (status >= 400) expect(body, what).not.toMatch(INTERNAL_TEXT)
}

function describeInput(path: string, body: string) {
  return `${path} with ${body.length > 300 ? `${body.slice(0, 300)}… (${body.length})` : body}`
}

beforeAll(async () => {
  t = await scenario({
    env: { EXCHANGE_API_URL: 'http://127.0.0.1:9' },
    priceSources: [
      { name: 'fixed', fetch: () => Promise.resolve({ GBP: 5e6, USD: 6e6, EUR: 5.5e6 }) },
    ],
    http: 'listen',
  })
  ;({ app, origin: base } = t)
  const signUp = await app.inject({
    method: 'POST',
    url: '/trpc/auth.signUp',
    headers: { 'content-type': 'application/json', 'x-trpc-source': 'test' },
    payload: JSON.stringify({ json: { email: uniqueEmail(), password: 'correct horse battery' } }),
  })
  cookie = String(signUp.headers['set-cookie']).split(';')[0]!
  const created = await app.inject({
    method: 'POST',
    url: '/trpc/businesses.create',
    headers: { cookie, 'content-type': 'application/json', 'x-trpc-source': 'test' },
    payload: JSON.stringify({ json: { name: 'Corner Café' } }),
  })
  businessId = created.json<{ result: { data: { json: { id: string } } } }>().result.data.json.id
})
afterAll(() => t?.close())

type ProcedureType = 'query' | 'mutation' | 'subscription'
// At run time `_def.procedures` maps each dotted path to its procedure (its type is the nesting).
const procedures = Object.entries(
  appRouter._def.procedures as unknown as Record<string, { _def: { type: ProcedureType } }>,
).map(([path, procedure]) => ({ path, type: procedure._def.type }))
// Signing out ends the session every other call uses: it goes last.
procedures.sort((a, b) => Number(a.path === 'auth.signOut') - Number(b.path === 'auth.signOut'))

function inputFor(r: Rng, path: string): unknown {
  const template = templates(businessId)[path]
  const roll = r.next()
  if (template && roll < 0.4) return spoil(r, template)
  if (roll < 0.7) {
    const fields = randomObject(r, 1)
    return r.chance(0.85) ? { ...fields, businessId } : fields
  }
  return randomValue(r)
}

/** Whether a complete event other than the connection's own has arrived. */
function hasEvent(text: string): boolean {
  return text
    .split('\n\n')
    .slice(0, -1)
    .some((block) => /^data: /m.test(block) && !/^event: connected$/m.test(block))
}

/** Reads a subscription's answer until its first event (or its end), then hangs up. */
async function subscribe(path: string, body: string): Promise<{ status: number; text: string }> {
  const abort = new AbortController()
  const timer = setTimeout(() => abort.abort(), 2_000)
  try {
    const res = await fetch(`${base}/trpc/${path}?input=${encodeURIComponent(body)}`, {
      headers: { cookie, accept: 'text/event-stream' },
      signal: abort.signal,
    })
    let text = ''
    if (res.body) {
      const reader = (res.body as ReadableStream<Uint8Array>).getReader()
      const decoder = new TextDecoder()
      try {
        for (;;) {
          const { done, value } = await reader.read()
          if (done) break
          text += decoder.decode(value, { stream: true })
          if (hasEvent(text)) break
        }
      } catch {
        // hung up by the timer: what was read is the answer
      }
    }
    return { status: res.status, text }
  } finally {
    clearTimeout(timer)
    abort.abort()
  }
}

describe('fuzzing every procedure', () => {
  it('covers every procedure of the app router', () => {
    expect(procedures.length).toBeGreaterThan(50)
  })

  it('answers every input without a server error or internal text', async () => {
    const r = prng(SEED)
    for (const { path, type } of procedures) {
      const count = type === 'subscription' ? INPUTS_PER_SUBSCRIPTION : INPUTS_PER_PROCEDURE
      for (let i = 0; i < count; i++) {
        const body = randomBody(r, inputFor(r, path))
        const what = describeInput(path, body)
        if (type === 'subscription') {
          const { status, text } = await subscribe(path, body)
          expectSafe(what, status, text)
          const error = /^event: serialized-error\ndata: (.*)$/m.exec(text)?.[1]
          if (error) {
            const status = (JSON.parse(error) as { json?: { data?: { httpStatus?: number } } }).json
              ?.data?.httpStatus
            expectSafe(`${what} (in stream)`, status ?? 0, error)
          }
          continue
        }
        const batch = r.chance(0.1)
        const url = batch ? `/trpc/${path},${path}?batch=1` : `/trpc/${path}`
        const payload = batch ? `{"0":${body},"1":${body}}` : body
        const res =
          type === 'query'
            ? await app.inject({
                method: 'GET',
                url: `${url}${batch ? '&' : '?'}input=${encodeURIComponent(payload)}`,
                headers: { cookie },
              })
            : await app.inject({
                method: 'POST',
                url,
                headers: { cookie, 'content-type': 'application/json', 'x-trpc-source': 'test' },
                payload,
              })
        expectSafe(what, res.statusCode, res.body)
      }
    }
    // Thousands of requests: a guard against a hang, not a speed limit (a busy machine is slow).
  }, 600_000)
})

const QUERY_KEYS = ['from', 'to', 'status', 'method', 'search', 'amount', 'comment', 'nostr', 'x']
const QUERY_VALUES = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%C0%80',
  '%',
  '%zz',
  '-271821-04-20T00:00:00.000Z',
  '%2B275760-09-13T00:00:00.000Z',
  '-010000-01-01',
  '0000-01-01',
  '2026-02-30',
  'yesterday',
  '1e309',
  '-1',
  '99999999999999999999999',
  'settled,lost',
  'lightning',
  'tip',
  '',
  'x'.repeat(5_000),
  '%7B%22kind%22%3A9734%7D',
]

function randomQuery(r: Rng): string {
  const parts: string[] = []
  for (let i = r.int(5); i > 0; i--) {
    const key = r.chance(0.9) ? r.pick(QUERY_KEYS) : r.pick(QUERY_VALUES)
    const value = r.chance(0.8)
      ? r.pick(QUERY_VALUES)
      : encodeURIComponent(
          randomString(r)
            .slice(0, 100)
            .replace(/[\uD800-\uDFFF]/gu, '?'),
        )
    parts.push(r.chance(0.1) ? `${key}[]=${value}` : `${key}=${value}`)
  }
  return parts.join('&')
}

describe('fuzzing the HTTP routes', () => {
  it('answers every query without a server error or internal text', async () => {
    const r = prng(SEED + 1)
    const names = () => r.pick(['corner', 'some%00one', '%ED%A0%80', 'x'.repeat(300), '..', '%2F'])
    const routes = [
      () => `/api/businesses/${r.chance(0.8) ? businessId : names()}/transactions.csv`,
      () => `/lnurlp/${names()}/callback`,
      () => `/.well-known/lnurlp/${names()}`,
      () => `/api/${names()}`,
      () => '/healthz',
    ]
    for (const route of routes) {
      for (let i = 0; i < INPUTS_PER_ROUTE; i++) {
        const url = `${route()}?${randomQuery(r)}`
        const res = await app.inject({ method: 'GET', url, headers: { cookie } })
        expectSafe(`GET ${url.slice(0, 300)}`, res.statusCode, res.body)
      }
    }
  })

  it('sent thousands of inputs, most of them refused', () => {
    expect(answers.total).toBeGreaterThan(2_500)
    const refused = [...answers.byStatus].filter(([s]) => s >= 400).reduce((n, [, c]) => n + c, 0)
    expect(refused).toBeGreaterThan(answers.total / 2)
  })
})
