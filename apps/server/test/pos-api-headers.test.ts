/**
 * The POS API's headers are input like any other: a NUL byte in a Basic login id, a missing or
 * malformed Authorization or X-Merchant-Id are refused with 401 naming the header before anything
 * is looked up or the body is read; right credentials with another MID are 403; and the OpenAPI
 * document says so.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { scenario } from './harness'

const t = await scenario({ business: 'approved', http: 'listen' })
afterAll(t.close)
const { origin, env } = t
const { b, businessId } = t.owner

const { credentials } = await b.caller.devices.create({ businessId, name: 'Till', mid: 'MID-1' })
const basicOf = (text: string) => `Basic ${Buffer.from(text, 'utf8').toString('base64')}`
const good = basicOf(`${credentials.loginId}:${credentials.secret}`)
const body = { amount: 1_000, currency: 'SAT', method: 'lightning', idempotencyKey: 'order-0001' }

async function post(headers: Record<string, string>, json: unknown = body) {
  const res = await fetch(`${origin}/api/v1/pos/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(json),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

/** A refusal: the status, the catalogue code, the header it names, and a message. */
function expectRefusal(
  res: { status: number; body: Record<string, unknown> },
  status: number,
  code: string,
  header: string,
  what = '',
) {
  expect({ status: res.status, code: res.body.code, header: res.body.header }, what).toEqual({
    status,
    code,
    header,
  })
  expect(Object.keys(res.body).sort()).toEqual(['code', 'error', 'header'])
  expect(res.body.error).toBeTypeOf('string')
}

async function paymentCount() {
  const r = await env.database.db
    .selectFrom('payments')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(r.n)
}

describe('POS API headers', () => {
  it('answers a NUL byte in the Basic login id with 401 naming Authorization, not 500', async () => {
    const res = await post({ authorization: basicOf('dev_\0:x'), 'x-merchant-id': 'MID-1' })
    expectRefusal(res, 401, 'UNAUTHORIZED', 'authorization')
    // the same with a well-formed secret and a login id of the right length around the NUL
    const sneaky = basicOf(`dev_${'a'.repeat(10)}\0${'b'.repeat(10)}:${credentials.secret}`)
    expect(await post({ authorization: sneaky, 'x-merchant-id': 'MID-1' })).toMatchObject({
      status: 401,
      body: { header: 'authorization' },
    })
  })

  it('refuses a missing or malformed header with 401 naming it, before the body', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ 'x-merchant-id': 'MID-1' }, 'authorization'],
      [{ authorization: 'Basic', 'x-merchant-id': 'MID-1' }, 'authorization'],
      [{ authorization: 'Basic !!!!', 'x-merchant-id': 'MID-1' }, 'authorization'],
      [{ authorization: basicOf('no-colon-here'), 'x-merchant-id': 'MID-1' }, 'authorization'],
      [
        { authorization: basicOf(`${credentials.loginId}:short`), 'x-merchant-id': 'MID-1' },
        'authorization',
      ],
      [{ authorization: 'Bearer short', 'x-merchant-id': 'MID-1' }, 'authorization'],
      [{ authorization: 'Digest abc', 'x-merchant-id': 'MID-1' }, 'authorization'],
      [{ authorization: good }, 'x-merchant-id'],
      [{ authorization: good, 'x-merchant-id': 'MID 1' }, 'x-merchant-id'],
      [{ authorization: good, 'x-merchant-id': 'M'.repeat(65) }, 'x-merchant-id'],
      [{}, 'authorization'],
    ]
    const before = await paymentCount()
    for (const [headers, header] of cases) {
      const res = await post(headers)
      expectRefusal(res, 401, 'UNAUTHORIZED', header, JSON.stringify(headers))
      // an invalid body does not change the answer: the headers are checked first
      expect((await post(headers, { amount: 'lots' })).status).toBe(401)
    }
    expect(await paymentCount()).toBe(before)
  })

  it('refuses wrong credentials with 401 and another MID with 403, each naming its header', async () => {
    const wrong = basicOf(`${credentials.loginId}:${credentials.secret.slice(0, -2)}xx`)
    const refused = await post({ authorization: wrong, 'x-merchant-id': 'MID-1' })
    expectRefusal(refused, 401, 'INVALID_CREDENTIALS', 'authorization')
    const unknown = `Bearer ${'x'.repeat(43)}`
    expect(await post({ authorization: unknown, 'x-merchant-id': 'MID-1' })).toMatchObject({
      status: 401,
      body: { code: 'INVALID_CREDENTIALS', header: 'authorization' },
    })
    const otherMid = await post({ authorization: good, 'x-merchant-id': 'MID-2' })
    expectRefusal(otherMid, 403, 'MERCHANT_ID_MISMATCH', 'x-merchant-id')
    // right headers, wrong body: now the body is what is refused
    expect(
      await post({ authorization: good, 'x-merchant-id': 'MID-1' }, { amount: 'lots' }),
    ).toMatchObject({ status: 400, body: { code: 'VALIDATION' } })
  })

  it('refuses the same on reading, cancelling and following a payment', async () => {
    const id = '00000000-0000-4000-8000-000000000000'
    for (const [method, path] of [
      ['GET', `/api/v1/pos/payments/${id}`],
      ['POST', `/api/v1/pos/payments/${id}/cancel`],
      ['GET', `/api/v1/pos/payments/${id}/events`],
    ] as const) {
      const res = await fetch(`${origin}${path}`, {
        method,
        headers: { authorization: basicOf('dev_\0:x'), 'x-merchant-id': 'MID-1' },
      })
      expect(res.status, path).toBe(401)
      expect(await res.json()).toMatchObject({ header: 'authorization' })
      const noMid = await fetch(`${origin}${path}`, { method, headers: { authorization: good } })
      expect(await noMid.json()).toMatchObject({ header: 'x-merchant-id' })
    }
  })

  it('checks a session sign-in body against the credential patterns (400, not 500)', async () => {
    const res = await fetch(`${origin}/api/v1/pos/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginId: 'dev_\0', secret: 'x' }),
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'VALIDATION' })
  })

  it('documents both headers, the security schemes and the refusals in the OpenAPI', async () => {
    const doc = (await (await fetch(`${origin}/api/docs`)).json()) as {
      components: { securitySchemes: Record<string, { type: string; scheme: string }> }
      paths: Record<string, Record<string, OpenApiOperation>>
    }
    expect(doc.components.securitySchemes).toMatchObject({
      deviceCredentials: { type: 'http', scheme: 'basic' },
      deviceSession: { type: 'http', scheme: 'bearer' },
    })
    const create = doc.paths['/api/v1/pos/payments']?.post
    if (!create) throw new Error('no create operation')
    // Authorization is the security requirement (OpenAPI describes it there, not as a header)
    expect(create.security).toEqual([{ deviceCredentials: [] }, { deviceSession: [] }])
    const headers = create.parameters.filter((p) => p.in === 'header')
    expect(headers.map((p) => [p.name, p.required])).toEqual([['x-merchant-id', true]])
    for (const status of ['401', '403']) {
      const schema = create.responses[status]?.content['application/json'].schema
      expect(schema?.properties.header?.enum).toEqual(['authorization', 'x-merchant-id'])
    }
  })
})

interface OpenApiOperation {
  security: unknown
  parameters: { in: string; name: string; required: boolean }[]
  responses: Record<
    string,
    {
      content: {
        'application/json': { schema: { properties: Record<string, { enum?: string[] }> } }
      }
    }
  >
}
