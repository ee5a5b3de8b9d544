/**
 * A page carries the answers its first screen needs (boot-data.ts): the same procedures the app
 * would call, as the visitor, in a data block no name can break out of, and never kept by a
 * shared cache.
 */
import { BOOT_DATA_ELEMENT_ID, type BootEntry } from '@app/domain'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import superjson from 'superjson'
import { brotliDecompressSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { scenario, type TestBrowser } from './harness'

const SHELL =
  '<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div></body></html>'
const webDist = mkdtempSync(path.join(tmpdir(), 'web-dist-'))
writeFileSync(path.join(webDist, 'index.html'), SHELL)

const t = await scenario({ http: 'inject', webDist, business: 'approved', secondUser: true })
afterAll(async () => {
  await t.close()
  rmSync(webDist, { recursive: true, force: true })
})
const { businessId } = t.owner

const cookieOf = (b: TestBrowser) =>
  [...b.cookies].map(([name, value]) => `${name}=${value}`).join('; ')

async function page(url: string, b?: TestBrowser) {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: { 'accept-encoding': 'br', ...(b ? { cookie: cookieOf(b) } : {}) },
  })
  expect(res.statusCode).toBe(200)
  expect(res.headers['content-encoding']).toBe('br')
  const html = brotliDecompressSync(res.rawPayload).toString('utf8')
  const block = new RegExp(
    `<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">(.*?)</script></head>`,
  ).exec(html)
  expect(block, html).not.toBeNull()
  const entries = superjson.parse<BootEntry[]>(block?.[1] ?? '')
  return {
    res,
    html,
    entries,
    paths: entries.map((e) => e.path).sort(),
    data: (p: string) => entries.find((e) => e.path === p)?.data,
  }
}

describe('the answers a page carries', () => {
  it('tells a visitor who is not signed in the brand and that nobody is signed in', async () => {
    const { paths, data, res, html } = await page('/sign-in')
    expect(paths).toEqual(['auth.getProfile', 'system.config'])
    expect(data('auth.getProfile')).toBeNull()
    expect(data('system.config')).toEqual(await t.env.browser().caller.system.config())
    expect(res.headers['cache-control']).toBe('private, no-cache')
    expect(res.headers.vary).toMatch(/cookie/i)
    // the page is the build's shell with the block in its head
    expect(html.replace(/<script type="application\/json".*?<\/script>/, '')).toBe(SHELL)
  })

  it('gives a member on their business page its step and their businesses', async () => {
    const { paths, data } = await page(`/${businessId}/sales/dashboard`, t.owner.b)
    expect(paths).toEqual([
      'auth.getProfile',
      'businesses.list',
      'businesses.onboardingStep',
      'system.config',
    ])
    expect(data('businesses.onboardingStep')).toEqual(
      await t.owner.b.caller.businesses.onboardingStep({ businessId }),
    )
    expect(data('businesses.list')).toEqual(await t.owner.b.caller.businesses.list())
    const step = (await page(`/${businessId}`, t.owner.b)).entries.find(
      (e) => e.path === 'businesses.onboardingStep',
    )
    expect(step?.input).toEqual({ businessId })
  })

  it('leaves out what the visitor may not see: another business is not theirs', async () => {
    const { paths, data } = await page(`/${businessId}/sales/dashboard`, t.stranger)
    expect(paths).not.toContain('businesses.onboardingStep')
    expect(data('auth.getProfile')).toEqual(await t.stranger.caller.auth.getProfile())
    expect(JSON.stringify(data('businesses.list') ?? [])).not.toContain(businessId)
  })

  it('writes names so that they cannot end the block early', async () => {
    const b = t.env.browser()
    await b.caller.auth.signUp({
      email: `boot-${Date.now()}@example.com`,
      password: 'correct horse battery',
    })
    const name = '</script><script>alert(1)</script> Café'
    const { id } = await b.caller.businesses.create({ name })
    const { html, data } = await page(`/${id}`, b)
    expect(html).not.toContain('<script>alert(1)')
    expect(html.match(/<\/script>/g)).toHaveLength(1)
    expect(data('businesses.list')).toEqual([expect.objectContaining({ id, name })])
    expect(data('businesses.list')).toEqual(await b.caller.businesses.list())
  })

  it('tells a paired terminal who it is, and a terminal page nothing of the account', async () => {
    const { credentials } = await t.owner.b.caller.devices.create({ businessId, name: 'Counter' })
    const d = t.env.browser()
    await d.caller.device.signIn(credentials)
    const paired = await page('/terminal', d)
    expect(paired.paths).toEqual(['device.me', 'device.settings', 'system.config'])
    expect(paired.data('device.me')).toEqual(await d.caller.device.me())
    // pairing asks nothing; a stranger's tablet is not paired
    expect((await page('/terminal/pair', d)).paths).toEqual(['system.config'])
    expect((await page('/terminal', t.stranger)).paths).toEqual(['system.config'])
  })
})
