/**
 * Device settings: simple settings through tRPC, and images uploaded over HTTP (checked by
 * their content, re-encoded without metadata, kept in PostgreSQL) and served with their type
 * and long caching; every bad upload the issue names is refused and changes nothing.
 */
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { appCode, rejection } from './assertions'
import { approvedBusiness } from './businesses'
import { scenario, type TestBrowser } from './harness'

const t = await scenario({ http: 'listen' })
afterAll(t.close)
const { env, origin } = t

const cookieOf = (b: TestBrowser) => `sid=${b.cookies.get('sid') ?? ''}`

async function upload(
  b: TestBrowser | null,
  businessId: string,
  body: Buffer | string,
  opts: { kind?: string; type?: string; origin?: string; noSourceHeader?: boolean } = {},
) {
  const res = await fetch(
    `${origin}/api/businesses/${businessId}/device-images/${opts.kind ?? 'logo'}`,
    {
      method: 'POST',
      headers: {
        'content-type': opts.type ?? 'application/octet-stream',
        ...(b ? { cookie: cookieOf(b) } : {}),
        ...(opts.noSourceHeader ? {} : { 'x-upload-source': 'test' }),
        ...(opts.origin ? { origin: opts.origin } : {}),
      },
      body: typeof body === 'string' ? body : new Uint8Array(body),
    },
  )
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

const png = (width = 800, height = 200) =>
  sharp({ create: { width, height, channels: 4, background: '#5b3cf5' } })
    .png()
    .toBuffer()

describe('device settings', () => {
  it('has defaults, saves each simple setting, and the device reads them', async () => {
    const { b, businessId } = await approvedBusiness(env)
    expect(await b.caller.deviceSettings.get({ businessId })).toEqual({
      displayName: 'Corner Café',
      receiptText: 'Thank you for your purchase!',
      screenSaverDelaySec: 120,
      theme: 'light',
      logoUrl: null,
      screenSaverUrl: null,
      tipPercents: [5, 10, 15],
      idleSignOutSec: 300,
    })
    await b.caller.deviceSettings.update({ businessId, theme: 'dark' })
    await b.caller.deviceSettings.update({ businessId, displayName: 'Corner Café Süd' })
    await b.caller.deviceSettings.update({ businessId, receiptText: 'Danke und bis bald' })
    const saved = await b.caller.deviceSettings.update({ businessId, screenSaverDelaySec: 300 })
    expect(saved).toMatchObject({
      displayName: 'Corner Café Süd',
      receiptText: 'Danke und bis bald',
      screenSaverDelaySec: 300,
      theme: 'dark',
    })
    for (const bad of [
      { theme: 'blue' },
      { screenSaverDelaySec: 7 },
      { receiptText: 'x'.repeat(501) },
    ]) {
      expect(
        appCode(
          await rejection(b.caller.deviceSettings.update({ businessId, ...(bad as object) })),
        ),
      ).toBe('VALIDATION')
    }
    // emptied text goes back to the default
    expect(
      (await b.caller.deviceSettings.update({ businessId, receiptText: '' })).receiptText,
    ).toBe('Thank you for your purchase!')

    const { credentials } = await b.caller.devices.create({ businessId, name: 'Till' })
    const d = env.browser()
    await d.caller.device.signIn(credentials)
    expect(await d.caller.device.settings()).toMatchObject({
      theme: 'dark',
      screenSaverDelaySec: 300,
    })
  })

  it('uploads a logo: re-encoded without metadata, served with its type and caching', async () => {
    const { b, businessId } = await approvedBusiness(env)
    const jpeg = await sharp({
      create: { width: 2400, height: 600, channels: 3, background: '#fa0' },
    })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-owner', Artist: 'Someone' } } })
      .toBuffer()
    expect((await sharp(jpeg).metadata()).exif).toBeDefined()
    const res = await upload(b, businessId, jpeg, { type: 'image/png' })
    expect(res.status).toBe(200)
    const logoUrl = res.body.logoUrl as string
    expect(logoUrl).toMatch(/^\/api\/device-images\/[0-9a-f-]{36}$/)

    const served = await fetch(`${origin}${logoUrl}`)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/jpeg')
    expect(served.headers.get('cache-control')).toContain('immutable')
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
    const bytes = Buffer.from(await served.arrayBuffer())
    const meta = await sharp(bytes).metadata()
    expect(meta.format).toBe('jpeg')
    expect(meta.exif).toBeUndefined()
    expect(meta.width).toBe(1600)
    expect(bytes.includes(Buffer.from('secret-camera-owner'))).toBe(false)

    // a new logo replaces the old one, whose address is gone
    const again = await upload(b, businessId, await png(), { kind: 'logo' })
    expect(again.status).toBe(200)
    expect((await fetch(`${origin}${logoUrl}`)).status).toBe(404)
    const now = await fetch(`${origin}${again.body.logoUrl as string}`)
    expect(now.headers.get('content-type')).toBe('image/png')

    const screen = await upload(
      b,
      businessId,
      await sharp(await png())
        .webp()
        .toBuffer(),
      {
        kind: 'screenSaver',
      },
    )
    expect(screen.status).toBe(200)
    expect((await b.caller.deviceSettings.get({ businessId })).screenSaverUrl).toBe(
      screen.body.screenSaverUrl,
    )
    await b.caller.deviceSettings.removeImage({ businessId, kind: 'screenSaver' })
    expect((await b.caller.deviceSettings.get({ businessId })).screenSaverUrl).toBeNull()
    const gone = await rejection(
      b.caller.deviceSettings.removeImage({ businessId, kind: 'screenSaver' }),
    )
    expect(appCode(gone)).toBe('FILE_NOT_FOUND')
  })

  it('refuses 3 MB + 1 byte, a renamed text file, an SVG with a script and an empty file', async () => {
    const { b, businessId } = await approvedBusiness(env)
    const first = await upload(b, businessId, await png())
    const logoUrl = first.body.logoUrl
    const big = Buffer.concat([await png(), Buffer.alloc(3 * 1024 * 1024 + 1)]).subarray(
      0,
      3 * 1024 * 1024 + 1,
    )
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>`
    const html = '<!doctype html><html><body><script>alert(1)</script></body></html>'
    for (const [body, type, code, status] of [
      [big, 'image/png', 'FILE_TOO_LARGE', 400],
      [Buffer.from(html), 'image/png', 'FILE_TYPE_NOT_ALLOWED', 400],
      [Buffer.from(svg), 'image/svg+xml', 'FILE_TYPE_NOT_ALLOWED', 400],
      [Buffer.from('just some text, named logo.png'), 'image/png', 'FILE_TYPE_NOT_ALLOWED', 400],
      [(await png()).subarray(0, 60), 'image/png', 'FILE_TYPE_NOT_ALLOWED', 400],
      [Buffer.alloc(0), 'image/png', 'FILE_EMPTY', 400],
    ] as const) {
      const res = await upload(b, businessId, body, { type })
      expect(res, code).toMatchObject({ status, body: { code } })
    }
    expect((await b.caller.deviceSettings.get({ businessId })).logoUrl).toBe(logoUrl)
  })

  it('takes uploads only from a member, on this site', async () => {
    const { b, businessId } = await approvedBusiness(env)
    const other = await approvedBusiness(env)
    const image = await png()
    expect((await upload(null, businessId, image)).status).toBe(401)
    expect((await upload(other.b, businessId, image)).body.code).toBe('NOT_FOUND')
    expect((await upload(b, businessId, image, { origin: 'https://evil.example' })).status).toBe(
      403,
    )
    expect((await upload(b, businessId, image, { noSourceHeader: true })).status).toBe(403)
    expect((await upload(b, businessId, image, { kind: 'banner' })).body.code).toBe('VALIDATION')
    expect((await b.caller.deviceSettings.get({ businessId })).logoUrl).toBeNull()
    expect((await fetch(`${origin}/api/device-images/not-an-id`)).status).toBe(404)
    expect(
      appCode(await rejection(other.b.caller.deviceSettings.update({ businessId, theme: 'dark' }))),
    ).toBe('NOT_FOUND')
  })
})
