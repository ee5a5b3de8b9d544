/**
 * Tip pages and their public LNURL callback hold up against abuse: role names are reserved, a
 * business has only so many pages, callbacks are limited per client address and per page, a
 * page has only so many invoices open, and tip invoices nobody paid are cleaned up.
 */
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { createTipRepo } from '../src/modules/tips/repo'
import { registerTipRoutes } from '../src/modules/tips/http'
import {
  createTipService,
  DEFAULT_TIP_OPTIONS,
  type TipOptions,
  type TipService,
} from '../src/modules/tips/service'
import { appCode, rejection } from './assertions'
import { nwcBusiness } from './businesses'
import { scenario } from './harness'

const t = await scenario({ simnet: true })
afterAll(t.close)
const { env, net } = t
const apps: FastifyInstance[] = []
afterAll(() => Promise.all(apps.map((a) => a.close())))

let nameCounter = 0
const uniqueName = (base: string) => `${base}-${++nameCounter}-${Date.now() % 100_000}`

/**
 * The tip endpoints over real HTTP with the given limits (kept in the test's database), behind a
 * proxy that names the client in `X-Forwarded-For`.
 */
async function tipServer(options: Partial<TipOptions>) {
  const tips: TipService = createTipService({
    repo: createTipRepo(env.database.db),
    payments: env.services.payments,
    capabilities: env.services.walletCapabilities,
    publicUrl: env.config.publicUrl,
    pool: env.database.pool,
    options,
  })
  const app = Fastify({ trustProxy: true })
  registerTipRoutes(app, { tips })
  apps.push(app)
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as { port: number }
  return {
    tips,
    async callback(name: string, ip: string, query = 'amount=2000') {
      const res = await fetch(`http://127.0.0.1:${port}/lnurlp/${name}/callback?${query}`, {
        headers: { 'x-forwarded-for': ip },
      })
      return {
        status: res.status,
        retryAfter: res.headers.get('retry-after'),
        body: (await res.json()) as Record<string, unknown>,
      }
    },
  }
}

async function tipPage(b: Awaited<ReturnType<typeof nwcBusiness>>, base = 'tips') {
  return b.b.caller.tips.create({
    businessId: b.businessId,
    shortName: uniqueName(base),
    description: 'Tips',
  })
}

/** The reason of an LNURL error answer (LUD-06: `{ status: 'ERROR', reason }` and nothing else). */
function refusal(body: Record<string, unknown>): string {
  expect(Object.keys(body).sort()).toEqual(['reason', 'status'])
  expect(body.status).toBe('ERROR')
  return String(body.reason)
}

const tipRows = async (tipPageId: string) =>
  env.database.db
    .selectFrom('payments')
    .select(['id', 'status'])
    .where('tipPageId', '=', tipPageId)
    .execute()

describe('tip page names and numbers', () => {
  it('refuses role names such as admin and postmaster, on create and on rename', async () => {
    const owner = await nwcBusiness(env, net)
    const { businessId } = owner
    for (const shortName of ['admin', 'Support', 'postmaster', 'root', 'abuse', 'noreply']) {
      const e = await rejection(
        owner.b.caller.tips.create({ businessId, shortName, description: 'Tips' }),
      )
      expect(appCode(e), shortName).toBe('TIP_NAME_RESERVED')
      expect(e.code).toBe('BAD_REQUEST')
    }
    const page = await tipPage(owner)
    const e = await rejection(
      owner.b.caller.tips.update({
        businessId,
        tipPageId: page.id,
        shortName: 'security',
        description: 'Tips',
      }),
    )
    expect(appCode(e)).toBe('TIP_NAME_RESERVED')
    expect((await owner.b.caller.tips.list({ businessId })).pages).toEqual([page])
  })

  it('gives a business at most its number of tip pages', async () => {
    const owner = await nwcBusiness(env, net)
    const { businessId } = owner
    const max = DEFAULT_TIP_OPTIONS.maxPagesPerBusiness
    const pages = []
    for (let i = 0; i < max; i++) pages.push(await tipPage(owner, 'many'))
    const e = await rejection(tipPage(owner, 'one-more'))
    expect(appCode(e)).toBe('TIP_PAGE_LIMIT_REACHED')
    expect((await owner.b.caller.tips.list({ businessId })).pages).toHaveLength(max)

    await owner.b.caller.tips.delete({ businessId, tipPageId: pages[0]!.id })
    await tipPage(owner, 'again')
    expect((await owner.b.caller.tips.list({ businessId })).pages).toHaveLength(max)
  })
})

describe('the LNURL callback', () => {
  it('is limited per client address, before anything is written', async () => {
    const server = await tipServer({ callbacksPerIp: { points: 3, durationSec: 60 } })
    const owner = await nwcBusiness(env, net)
    const page = await tipPage(owner)
    for (let i = 0; i < 3; i++) {
      const ok = await server.callback(page.shortName, '203.0.113.7')
      expect(ok.body.pr).toMatch(/^lnbcrt/)
    }
    const refused = await server.callback(page.shortName, '203.0.113.7')
    expect(refused.status).toBe(200)
    expect(refusal(refused.body)).toMatch(/Too many/)
    expect(Number(refused.retryAfter)).toBeGreaterThan(0)
    // Unknown names cost the address too: probing does not get round the limit.
    const probe = await server.callback(`${page.shortName}-x`, '203.0.113.7')
    expect(probe.body.reason).toMatch(/Too many/)
    expect(await tipRows(page.id)).toHaveLength(3)

    const other = await server.callback(page.shortName, '198.51.100.20')
    expect(other.body.pr).toMatch(/^lnbcrt/)
    expect(await tipRows(page.id)).toHaveLength(4)
  })

  it('is limited per tip page, whichever addresses it comes from', async () => {
    const server = await tipServer({ callbacksPerPage: { points: 2, durationSec: 60 } })
    const owner = await nwcBusiness(env, net)
    const busy = await tipPage(owner, 'busy')
    const quiet = await tipPage(owner, 'quiet')
    expect((await server.callback(busy.shortName, '192.0.2.1')).body.pr).toBeTruthy()
    expect((await server.callback(busy.shortName, '192.0.2.2')).body.pr).toBeTruthy()
    const refused = await server.callback(busy.shortName, '192.0.2.3')
    expect(refusal(refused.body)).toMatch(/Too many/)
    expect(await tipRows(busy.id)).toHaveLength(2)
    expect((await server.callback(quiet.shortName, '192.0.2.3')).body.pr).toBeTruthy()
  })

  it('is refused while the page has its number of invoices open', async () => {
    const server = await tipServer({ maxOpenInvoicesPerPage: 2 })
    const owner = await nwcBusiness(env, net)
    const page = await tipPage(owner)
    expect((await server.callback(page.shortName, '192.0.2.10')).body.pr).toBeTruthy()
    expect((await server.callback(page.shortName, '192.0.2.11')).body.pr).toBeTruthy()
    const refused = await server.callback(page.shortName, '192.0.2.12')
    expect(refusal(refused.body)).toMatch(/too many open invoices/)
    expect(await tipRows(page.id)).toHaveLength(2)

    // An invoice that lapsed no longer counts.
    const [first] = await tipRows(page.id)
    await sql`UPDATE payments SET status = 'expired', expires_at = now() - interval '1 minute'
      WHERE id = ${first!.id}`.execute(env.database.db)
    expect((await server.callback(page.shortName, '192.0.2.12')).body.pr).toBeTruthy()
  })

  it('answers refusals as LNURL errors', async () => {
    const server = await tipServer({})
    const unknown = await server.callback(uniqueName('nobody'), '192.0.2.30')
    expect(refusal(unknown.body)).toMatch(/No tips/)
  })
})

describe('lapsed tip invoices', () => {
  it('are removed a while after they lapsed; open and just lapsed ones stay', async () => {
    const server = await tipServer({ lapsedInvoiceRetentionMs: 60_000 })
    const owner = await nwcBusiness(env, net)
    const page = await tipPage(owner)
    for (const ip of ['192.0.2.40', '192.0.2.41', '192.0.2.42']) {
      expect((await server.callback(page.shortName, ip)).body.pr).toBeTruthy()
    }
    const [longAgo, justNow, open] = (await tipRows(page.id)).map((r) => r.id)
    await sql`UPDATE payments SET status = 'expired', expires_at = now() - interval '2 hours'
      WHERE id = ${longAgo!}`.execute(env.database.db)
    await sql`UPDATE payments SET status = 'expired', expires_at = now() - interval '10 seconds'
      WHERE id = ${justNow!}`.execute(env.database.db)

    expect(await server.tips.cleanup()).toBeGreaterThanOrEqual(1)
    const left = (await tipRows(page.id)).map((r) => r.id).sort()
    expect(left).toEqual([justNow, open].sort())
  })
})
