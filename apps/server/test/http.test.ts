/** What crosses the wire: methods, cookies, origin checks, error bodies without internals. */
import { afterAll, describe, expect, it } from 'vitest'
import { scenario, uniqueEmail } from './harness'

const t = await scenario({ http: 'inject' })
afterAll(t.close)
const { env, app } = t

const json = (body: unknown) => JSON.stringify({ json: body })

async function signUp(headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/trpc/auth.signUp',
    headers: { 'content-type': 'application/json', 'x-trpc-source': 'web', ...headers },
    payload: json({ email: uniqueEmail(), password: 'correct horse battery' }),
  })
}

const users = async () =>
  Number(
    (
      await env.database.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

describe('HTTP transport', () => {
  it('sets an httpOnly SameSite session cookie on sign-up', async () => {
    const res = await signUp({ origin: 'http://localhost:3000', host: 'localhost:3000' })
    expect(res.statusCode).toBe(200)
    const cookie = String(res.headers['set-cookie'])
    expect(cookie).toMatch(/^sid=/)
    expect(cookie).toContain('HttpOnly')
    expect(cookie).toContain('SameSite=Lax')
    expect(cookie).not.toContain('Secure')
  })

  it('sets the known-browser cookie beside it: httpOnly, SameSite, for a year', async () => {
    const res = await signUp({ origin: 'http://localhost:3000', host: 'localhost:3000' })
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? [])
    const known = cookies.find((c) => c.startsWith('kb='))
    expect(known).toBeDefined()
    expect(known).toContain('HttpOnly')
    expect(known).toContain('SameSite=Lax')
    expect(known).toContain('Path=/')
    const expires = Date.parse(/Expires=([^;]+)/.exec(known!)![1]!)
    const days = (expires - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(364)
    expect(days).toBeLessThanOrEqual(365)
  })

  it('marks the cookie Secure when the public URL is https', async () => {
    const secure = await scenario({
      env: { PUBLIC_URL: 'https://pay.example.com' },
      http: 'inject',
    })
    try {
      const res = await secure.app.inject({
        method: 'POST',
        url: '/trpc/auth.signUp',
        headers: {
          'content-type': 'application/json',
          'x-trpc-source': 'web',
          origin: 'https://pay.example.com',
        },
        payload: json({ email: uniqueEmail(), password: 'correct horse battery' }),
      })
      expect(res.statusCode).toBe(200)
      const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? [])
      expect(cookies.map((c) => c.split('=')[0])).toEqual(['sid', 'kb'])
      for (const c of cookies) expect(c).toContain('Secure')
    } finally {
      await secure.close()
    }
  })

  it('refuses a mutation from a foreign Origin and one without the site header, changing nothing', async () => {
    const before = await users()
    const foreign = await signUp({ origin: 'https://evil.example', host: 'localhost:3000' })
    expect(foreign.statusCode).toBe(403)
    expect(foreign.json()).toMatchObject({
      error: { json: { data: { appCode: 'FORBIDDEN_ORIGIN' } } },
    })
    const noHeader = await app.inject({
      method: 'POST',
      url: '/trpc/auth.signUp',
      headers: { 'content-type': 'application/json' },
      payload: json({ email: uniqueEmail(), password: 'correct horse battery' }),
    })
    expect(noHeader.statusCode).toBe(403)
    expect(await users()).toBe(before)
  })

  it('serves queries by GET with the input as a JSON query parameter, batched', async () => {
    const input = encodeURIComponent(JSON.stringify({ 0: { json: null }, 1: { json: null } }))
    const res = await app.inject({
      method: 'GET',
      url: `/trpc/auth.getProfile,system.config?batch=1&input=${input}`,
    })
    expect(res.statusCode).toBe(200)
    const body = res.json<{ result: { data: { json: unknown } } }[]>()
    expect(body[0]?.result.data.json).toBeNull()
    expect(body[1]?.result.data.json).toMatchObject({
      brandName: 'My product',
      // the demo's Support links, SUPPORT_URL being unset
      supportUrl: 'mailto:support@example.com',
    })
  })

  it('answers malformed input with BAD_REQUEST and field issues, and no stack trace', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/trpc/auth.signUp',
      headers: { 'content-type': 'application/json', 'x-trpc-source': 'web' },
      payload: json({ email: 42 }),
    })
    expect(res.statusCode).toBe(400)
    const body = res.json<{ error: { json: { message: string; data: Record<string, unknown> } } }>()
    expect(body.error.json.data.appCode).toBe('VALIDATION')
    expect(body.error.json.data.fieldErrors).toHaveProperty('email')
    expect(res.body).not.toContain('stack')
    expect(res.body).not.toContain('/src/')
    const garbage = await app.inject({
      method: 'POST',
      url: '/trpc/auth.signUp',
      headers: { 'content-type': 'application/json', 'x-trpc-source': 'web' },
      payload: '{not json',
    })
    expect(garbage.statusCode).toBe(400)
    expect(garbage.body).not.toMatch(/at .+:\d+:\d+/)
  })

  it('does not accept mutations by GET', async () => {
    const input = encodeURIComponent(
      json({ email: uniqueEmail(), password: 'correct horse battery' }),
    )
    const res = await app.inject({ method: 'GET', url: `/trpc/auth.signUp?input=${input}` })
    expect(res.statusCode).toBeGreaterThanOrEqual(400)
  })
})
