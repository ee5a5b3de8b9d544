/**
 * One user cannot hang the server: many concurrent saves of one business's application queue on
 * the business's lock without taking every pooled connection, so other users are still served;
 * and one request cannot carry an unbounded batch of calls.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { loadConfig } from '../src/config'
import { connectDatabase } from '../src/db/database'
import { companyDetails } from './onboarding-fixtures'
import { scenario, uniqueEmail } from './harness'

const t = await scenario({ http: 'inject' })
afterAll(t.close)
const { env, app } = t

const headers = { 'content-type': 'application/json', 'x-trpc-source': 'web' }
const json = (body: unknown) => JSON.stringify({ json: body })

/** Resolves with the value, or with 'timeout' after ms. */
function within<T>(p: Promise<T>, ms: number): Promise<T | 'timeout'> {
  return Promise.race([p, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), ms))])
}

describe('connection pool under one user’s load', () => {
  it('serves another user’s sign-in within 2 s while 40 saves of one business run', async () => {
    const owner = env.browser()
    await owner.caller.auth.signUp({ email: uniqueEmail(), password: 'correct horse battery' })
    const { id: businessId } = await owner.caller.businesses.create({ name: 'Corner Café' })
    const cookie = `sid=${owner.cookies.get('sid') ?? ''}`

    const otherEmail = uniqueEmail()
    await env.browser().caller.auth.signUp({ email: otherEmail, password: 'another password 1' })

    const saves = Array.from({ length: 40 }, (_, i) =>
      app.inject({
        method: 'POST',
        url: '/trpc/onboarding.saveCompany',
        headers: { ...headers, cookie },
        payload: json({ businessId, data: companyDetails({ tradingName: `Corner ${i}` }) }),
      }),
    )
    const started = Date.now()
    const signIn = await within(
      app.inject({
        method: 'POST',
        url: '/trpc/auth.signIn',
        headers,
        payload: json({ email: otherEmail, password: 'another password 1' }),
      }),
      2000,
    )
    expect(signIn, 'sign-in did not answer within 2 s').not.toBe('timeout')
    expect(Date.now() - started).toBeLessThan(2000)
    if (signIn !== 'timeout') expect(signIn.statusCode).toBe(200)

    const done = await within(Promise.all(saves), 20_000)
    expect(done, 'the saves did not all finish').not.toBe('timeout')
    if (done !== 'timeout') expect(done.map((r) => r.statusCode)).toEqual(done.map(() => 200))
    const state = await owner.caller.onboarding.state({ businessId })
    expect(state.application.company?.tradingName).toMatch(/^Corner \d+$/)
  })

  it('refuses a batch of more calls than the cap, running none of them', async () => {
    const owner = env.browser()
    await owner.caller.auth.signUp({ email: uniqueEmail(), password: 'correct horse battery' })
    const { id: businessId } = await owner.caller.businesses.create({ name: 'Batch Café' })
    const cookie = `sid=${owner.cookies.get('sid') ?? ''}`
    const n = 40
    const paths = Array.from({ length: n }, () => 'onboarding.saveCompany').join(',')
    const inputs = Object.fromEntries(
      Array.from({ length: n }, (_, i) => [i, { json: { businessId, data: companyDetails() } }]),
    )
    const res = await app.inject({
      method: 'POST',
      url: `/trpc/${paths}?batch=1`,
      headers: { ...headers, cookie },
      payload: JSON.stringify(inputs),
    })
    expect(res.statusCode).toBe(400)
    const state = await owner.caller.onboarding.state({ businessId })
    expect(state.application.company).toBeNull()

    // A batch the web app sends (a handful of calls) still works.
    const small = await app.inject({
      method: 'POST',
      url: '/trpc/onboarding.saveCompany,onboarding.saveCompany?batch=1',
      headers: { ...headers, cookie },
      payload: JSON.stringify({
        0: { json: { businessId, data: companyDetails() } },
        1: { json: { businessId, data: companyDetails() } },
      }),
    })
    expect(small.statusCode).toBe(200)
  })
})

describe('database session limits', () => {
  it('reads the limits from the environment, with defaults a merchant can live with', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).database).toEqual({
      poolSize: 20,
      acquireTimeoutMs: 10_000,
      statementTimeoutMs: 30_000,
      lockTimeoutMs: 10_000,
      idleInTransactionTimeoutMs: 60_000,
    })
    const set = loadConfig({
      NODE_ENV: 'test',
      DB_POOL_SIZE: '8',
      DB_ACQUIRE_TIMEOUT_MS: '2000',
      DB_STATEMENT_TIMEOUT_MS: '5000',
      DB_LOCK_TIMEOUT_MS: '1000',
      DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '3000',
    }).database
    expect(set).toEqual({
      poolSize: 8,
      acquireTimeoutMs: 2000,
      statementTimeoutMs: 5000,
      lockTimeoutMs: 1000,
      idleInTransactionTimeoutMs: 3000,
    })
  })

  it('ends a long statement, a long lock wait, a forgotten transaction and a long wait for the pool', async () => {
    const handle = connectDatabase(env.url, {
      poolSize: 2,
      acquireTimeoutMs: 300,
      statementTimeoutMs: 500,
      lockTimeoutMs: 300,
      idleInTransactionTimeoutMs: 500,
    })
    const { db } = handle
    try {
      const started = Date.now()
      await expect(sql`select pg_sleep(5)`.execute(db)).rejects.toThrow(/statement timeout/)
      expect(Date.now() - started).toBeLessThan(3000)

      // One transaction holds a row lock; another waiting for it gives up.
      const owner = env.browser()
      await owner.caller.auth.signUp({ email: uniqueEmail(), password: 'correct horse battery' })
      const { id } = await owner.caller.businesses.create({ name: 'Lock Café' })
      let release: () => void = () => {}
      const held = new Promise<void>((r) => (release = r))
      const holder = db.transaction().execute(async (trx) => {
        await trx.selectFrom('businesses').select('id').where('id', '=', id).forUpdate().execute()
        await held
      })
      await new Promise((r) => setTimeout(r, 50))
      await expect(
        db.selectFrom('businesses').select('id').where('id', '=', id).forUpdate().execute(),
      ).rejects.toThrow(/lock timeout/)
      release()
      await holder

      // Both connections taken: the next query fails after the acquire timeout.
      const a = await handle.pool.connect()
      const b = await handle.pool.connect()
      await expect(sql`select 1`.execute(db)).rejects.toThrow(/timeout/)
      a.release()
      b.release()

      // A transaction left open is ended by the server, and its locks with it.
      const idle = await handle.pool.connect()
      idle.on('error', () => {})
      await idle.query('begin')
      await idle.query('select id from businesses where id = $1 for update', [id])
      await new Promise((r) => setTimeout(r, 1000))
      await expect(idle.query('select 1')).rejects.toThrow()
      idle.release(true)
      const free = db.selectFrom('businesses').select('id').where('id', '=', id).forUpdate()
      expect(await free.execute()).toHaveLength(1)
    } finally {
      await handle.close()
    }
  })
})
