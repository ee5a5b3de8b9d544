/**
 * Device images with their bytes in PostgreSQL (the default) or in an S3-compatible store (a
 * real one, s3rver, on a free local port): the same behaviour either way (upload, serve with the
 * type and caching, replace, remove, refusals), served by every instance on the database, and
 * with S3 nothing lost or left behind in the bucket: replaced and removed images' objects are
 * deleted, a delete the store did not take is retried by the job, images stored in PostgreSQL
 * before S3 was configured stay readable and can be moved.
 */
import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'kysely'
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../src/config'
import type { Services } from '../src/services'
import { createDeviceSettingsRepo } from '../src/modules/devices/settings-repo'
import { appCode, rejection, until } from './assertions'
import { approvedBusiness } from './businesses'
import { startTestS3, type TestS3 } from './device-images-s3'
import {
  scenario,
  buildTestApp,
  anotherInstance,
  type TestBrowser,
  type TestEnv,
  type Scenario,
} from './harness'

let s3: TestS3
beforeAll(async () => {
  s3 = await startTestS3()
})
afterAll(async () => {
  await s3?.close()
})

interface Instance {
  origin: string
  services: Services
  close(): Promise<void>
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  return `http://127.0.0.1:${address.port}`
}

/** Another server instance on the same database, with its own image store settings. */
async function instanceOn(env: TestEnv, imageEnv: Record<string, string>): Promise<Instance> {
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: env.url, ...imageEnv })
  const instance = anotherInstance(env, { config })
  const app = await buildTestApp(instance)
  const origin = await listen(app)
  return {
    origin,
    services: instance.services,
    async close() {
      await app.close()
      await instance.close()
    },
  }
}

/** Runs `npm run operator -- <args>` as a process; its output, or an error when it fails. */
async function operator(args: string[], extraEnv: Record<string, string>): Promise<string> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/operator.ts', ...args],
    {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'test', ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  child.stdout.on('data', (d: Buffer) => (output += d.toString()))
  child.stderr.on('data', (d: Buffer) => (output += d.toString()))
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
  if (code !== 0) throw new Error(`exit ${code}: ${output}`)
  return output
}

const cookieOf = (b: TestBrowser) => `sid=${b.cookies.get('sid') ?? ''}`

async function upload(
  origin: string,
  b: TestBrowser,
  businessId: string,
  body: Buffer,
  kind = 'logo',
) {
  const res = await fetch(`${origin}/api/businesses/${businessId}/device-images/${kind}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/octet-stream',
      cookie: cookieOf(b),
      'x-upload-source': 'test',
    },
    body: new Uint8Array(body),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

async function served(origin: string, url: unknown) {
  const res = await fetch(`${origin}${String(url)}`)
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    cache: res.headers.get('cache-control'),
    bytes: Buffer.from(await res.arrayBuffer()),
  }
}

const png = (width = 640, height = 160, background = '#5b3cf5') =>
  sharp({ create: { width, height, channels: 4, background } })
    .png()
    .toBuffer()

const idOf = (url: unknown) => String(url).split('/').pop() ?? ''

for (const kind of ['postgres', 's3'] as const) {
  describe(`device images, bytes in ${kind}`, () => {
    let t: Scenario
    let env: TestEnv
    let origin: string
    let prefix: string
    let imageEnv: Record<string, string>
    beforeAll(async () => {
      prefix = `run-${kind}-${Date.now()}`
      imageEnv = kind === 's3' ? s3.env(prefix) : {}
      t = await scenario({ env: imageEnv, http: 'listen' })
      ;({ env, origin } = t)
    })
    afterAll(() => t?.close())

    /** Where the row says the bytes are, and those bytes. */
    async function storedBytes(id: string) {
      const row = await env.database.db
        .selectFrom('deviceImages')
        .select(['storage', 'bytes', 'objectKey', 'size', 'contentType'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
      const bytes = row.storage === 's3' ? (await s3.object(row.objectKey ?? ''))?.bytes : row.bytes
      return { ...row, stored: bytes ?? null }
    }

    it('uploads, serves the stored bytes with their type, replaces and removes', async () => {
      expect(env.config.imageStore.kind).toBe(kind)
      const { b, businessId } = await approvedBusiness(env)
      const jpeg = await sharp({
        create: { width: 900, height: 300, channels: 3, background: '#fa0' },
      })
        .jpeg()
        .toBuffer()
      const first = await upload(origin, b, businessId, jpeg)
      expect(first.status).toBe(200)
      const firstId = idOf(first.body.logoUrl)
      const one = await served(origin, first.body.logoUrl)
      expect(one).toMatchObject({ status: 200, type: 'image/jpeg' })
      expect(one.cache).toBe('public, max-age=31536000, immutable')
      expect((await sharp(one.bytes).metadata()).format).toBe('jpeg')

      const row = await storedBytes(firstId)
      expect(row.storage).toBe(kind)
      expect(row.size).toBe(one.bytes.length)
      expect(row.stored?.equals(one.bytes)).toBe(true)
      if (kind === 's3') {
        expect(row.bytes).toBeNull()
        expect(row.objectKey).toBe(`${prefix}/device-images/${businessId}/${firstId}.jpg`)
        expect((await s3.object(row.objectKey ?? ''))?.contentType).toBe('image/jpeg')
        expect(await s3.keys(`${prefix}/`)).toEqual([row.objectKey])
      } else {
        expect(row.objectKey).toBeNull()
      }

      // a new logo replaces the old one: its address is gone, and so are its bytes
      const second = await upload(origin, b, businessId, await png())
      expect(second.status).toBe(200)
      expect((await served(origin, first.body.logoUrl)).status).toBe(404)
      const two = await served(origin, second.body.logoUrl)
      expect(two).toMatchObject({ status: 200, type: 'image/png' })
      const secondRow = await storedBytes(idOf(second.body.logoUrl))
      expect(secondRow.stored?.equals(two.bytes)).toBe(true)
      if (kind === 's3') {
        expect(await s3.keys(`${prefix}/`)).toEqual([secondRow.objectKey])
      }

      const screen = await upload(
        origin,
        b,
        businessId,
        await sharp(await png())
          .webp()
          .toBuffer(),
        'screenSaver',
      )
      expect((await served(origin, screen.body.screenSaverUrl)).type).toBe('image/webp')
      if (kind === 's3') expect(await s3.keys(`${prefix}/`)).toHaveLength(2)

      await b.caller.deviceSettings.removeImage({ businessId, kind: 'screenSaver' })
      expect((await served(origin, screen.body.screenSaverUrl)).status).toBe(404)
      await b.caller.deviceSettings.removeImage({ businessId, kind: 'logo' })
      expect((await served(origin, second.body.logoUrl)).status).toBe(404)
      expect(await b.caller.deviceSettings.get({ businessId })).toMatchObject({
        logoUrl: null,
        screenSaverUrl: null,
      })
      expect(await s3.keys(`${prefix}/`)).toEqual([])
      const orphans = await env.database.db.selectFrom('deviceImageOrphans').selectAll().execute()
      expect(orphans).toEqual([])
      expect(
        appCode(await rejection(b.caller.deviceSettings.removeImage({ businessId, kind: 'logo' }))),
      ).toBe('FILE_NOT_FOUND')
    })

    it('refuses bad uploads and stores nothing for them', async () => {
      const { b, businessId } = await approvedBusiness(env)
      const keysBefore = await s3.keys(`${prefix}/`)
      for (const [body, code] of [
        [Buffer.from('just some text, named logo.png'), 'FILE_TYPE_NOT_ALLOWED'],
        [
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>'),
          'FILE_TYPE_NOT_ALLOWED',
        ],
        [Buffer.alloc(0), 'FILE_EMPTY'],
      ] as const) {
        expect((await upload(origin, b, businessId, body)).body.code).toBe(code)
      }
      expect((await b.caller.deviceSettings.get({ businessId })).logoUrl).toBeNull()
      expect(await s3.keys(`${prefix}/`)).toEqual(keysBefore)
      const rows = await env.database.db
        .selectFrom('deviceImages')
        .select('id')
        .where('businessId', '=', businessId)
        .execute()
      expect(rows).toEqual([])
    })

    it('is served by every instance on the database', async () => {
      const other = await instanceOn(env, imageEnv)
      try {
        const { b, businessId } = await approvedBusiness(env)
        const image = await png(300, 100, '#0a7')
        const res = await upload(origin, b, businessId, image)
        expect(res.status).toBe(200)
        const here = await served(origin, res.body.logoUrl)
        const there = await served(other.origin, res.body.logoUrl)
        expect(there).toMatchObject({ status: 200, type: 'image/png', cache: here.cache })
        expect(there.bytes.equals(here.bytes)).toBe(true)

        // and the other way round: uploaded through the second, served by the first
        const b2 = await upload(
          other.origin,
          b,
          businessId,
          await png(200, 200, '#123'),
          'screenSaver',
        )
        expect(b2.status).toBe(200)
        const back = await served(origin, b2.body.screenSaverUrl)
        expect(back).toMatchObject({ status: 200, type: 'image/png' })
        expect((await sharp(back.bytes).metadata()).width).toBe(200)
      } finally {
        await other.close()
      }
    })
  })
}

describe('device images in S3: failures, orphans and images from before', () => {
  let t: Scenario
  let env: TestEnv
  let origin: string
  const prefix = `run-orphans-${Date.now()}`
  beforeAll(async () => {
    // the orphan job runs every half second here
    t = await scenario({
      env: { CLEANUP_INTERVAL_MS: '500', ...s3.env(prefix) },
      http: 'listen',
    })
    ;({ env, origin } = t)
  })
  afterAll(() => t?.close())

  const orphanKeys = async () =>
    (await env.database.db.selectFrom('deviceImageOrphans').select('objectKey').execute()).map(
      (r) => r.objectKey,
    )
  const makeDue = () =>
    env.database.db
      .updateTable('deviceImageOrphans')
      .set({ dueAt: new Date(0) })
      .execute()

  it('refuses an upload the store does not take, and changes nothing', async () => {
    const { b, businessId } = await approvedBusiness(env)
    const first = await upload(origin, b, businessId, await png())
    expect(first.status).toBe(200)
    await s3.pause()
    try {
      const res = await upload(origin, b, businessId, await png(100, 100))
      expect(res.status).toBe(500)
      expect(JSON.stringify(res.body)).not.toContain('S3RVER')
    } finally {
      await s3.resume()
    }
    expect((await b.caller.deviceSettings.get({ businessId })).logoUrl).toBe(first.body.logoUrl)
    expect((await served(origin, first.body.logoUrl)).status).toBe(200)
    // the upload that failed left only its listing, which the job clears once due
    await makeDue()
    await env.services.deviceSettings.deleteDueOrphans()
    expect(await orphanKeys()).toEqual([])
    expect(await s3.keys(`${prefix}/device-images/${businessId}/`)).toHaveLength(1)
  })

  it('removes an image while the store is down; the job deletes its object later', async () => {
    const { b, businessId } = await approvedBusiness(env)
    const res = await upload(origin, b, businessId, await png())
    const key = `${prefix}/device-images/${businessId}/${idOf(res.body.logoUrl)}.png`
    expect(await s3.keys(key)).toEqual([key])
    await s3.pause()
    try {
      // served from the store: while it is down, a plain failure (no detail) the browser retries
      const down = await served(origin, res.body.logoUrl)
      expect(down.status).toBe(500)
      expect(down.cache).toBeNull()
      expect(down.bytes.toString()).toBe('{"error":"Something went wrong"}')
      const after = await b.caller.deviceSettings.removeImage({ businessId, kind: 'logo' })
      expect(after.logoUrl).toBeNull()
    } finally {
      await s3.resume()
    }
    expect((await served(origin, res.body.logoUrl)).status).toBe(404)
    // the job (running every half second) left the listing to the removal's own delete, which
    // failed once: one attempt counted, the object still there
    expect(await orphanKeys()).toEqual([key])
    const { attempts } = await env.database.db
      .selectFrom('deviceImageOrphans')
      .select('attempts')
      .executeTakeFirstOrThrow()
    expect(attempts).toBe(1)
    // not due yet (a minute after the failure): left alone
    expect(await env.services.deviceSettings.deleteDueOrphans()).toBe(0)
    expect(await s3.keys(key)).toEqual([key])
    // once due, the job deletes the object and the listing
    await makeDue()
    await until(
      () => s3.keys(key),
      (keys) => keys.length === 0,
      'the object deleted by the job',
    )
    await until(orphanKeys, (keys) => keys.length === 0, 'the listing cleared')
  })

  it("leaves a removed image's object to the removal's own delete, not also to the job", async () => {
    const { b, businessId } = await approvedBusiness(env)
    const res = await upload(origin, b, businessId, await png())
    const key = `${prefix}/device-images/${businessId}/${idOf(res.body.logoUrl)}.png`
    const { rows } = await sql<{ now: Date }>`SELECT now()`.execute(env.database.db)
    const before = rows[0]?.now ?? new Date()
    // the removal's transaction alone, as if its process stopped before deleting the object
    const removed = await createDeviceSettingsRepo(env.database.db).removeImage(
      businessId,
      'logoImageId',
    )
    expect(removed).toEqual({ removedObjectKey: key })
    const listed = await env.database.db
      .selectFrom('deviceImageOrphans')
      .select(['objectKey', 'dueAt', 'attempts'])
      .execute()
    expect(listed.map((r) => [r.objectKey, r.attempts])).toEqual([[key, 0]])
    // due five minutes after the removal at the soonest: the job leaves it alone meanwhile
    expect(listed[0]?.dueAt.getTime()).toBeGreaterThanOrEqual(before.getTime() + 5 * 60_000)
    expect(await env.services.deviceSettings.deleteDueOrphans()).toBe(0)
    expect(await s3.keys(key)).toEqual([key])
    // once due, the job deletes what the removal never did
    await makeDue()
    await until(
      () => s3.keys(key),
      (keys) => keys.length === 0,
      'the object deleted by the job',
    )
    await until(orphanKeys, (keys) => keys.length === 0, 'the listing cleared')
  })

  it("lists the objects of rows the database deletes (a deleted business's images)", async () => {
    const { b, businessId } = await approvedBusiness(env)
    const res = await upload(origin, b, businessId, await png())
    const key = `${prefix}/device-images/${businessId}/${idOf(res.body.logoUrl)}.png`
    // listed in the very transaction that deletes the row
    const listed = await env.database.db.transaction().execute(async (trx) => {
      await sql`DELETE FROM device_images WHERE business_id = ${businessId}`.execute(trx)
      return trx.selectFrom('deviceImageOrphans').select('objectKey').execute()
    })
    expect(listed.map((r) => r.objectKey)).toContain(key)
    await until(
      () => s3.keys(key),
      (keys) => keys.length === 0,
      'the object deleted by the job',
    )
    await until(orphanKeys, (keys) => keys.length === 0, 'the listing cleared')
  })

  it('serves images stored in PostgreSQL before S3 was configured, and moves them', async () => {
    const before = await instanceOn(env, {})
    let ids: string[]
    const { b, businessId } = await approvedBusiness(env)
    try {
      expect((await upload(before.origin, b, businessId, await png(320, 80))).status).toBe(200)
      const { screenSaverUrl, logoUrl } = await upload(
        before.origin,
        b,
        businessId,
        await png(240, 240),
        'screenSaver',
      ).then((r) => r.body)
      ids = [idOf(logoUrl), idOf(screenSaverUrl)]
    } finally {
      await before.close()
    }
    const settings = await b.caller.deviceSettings.get({ businessId })
    const old = await served(origin, settings.logoUrl)
    expect(old).toMatchObject({ status: 200, type: 'image/png' })
    const inPostgres = await env.database.db
      .selectFrom('deviceImages')
      .select(['id', 'storage'])
      .where('businessId', '=', businessId)
      .execute()
    expect(inPostgres.map((r) => r.storage)).toEqual(['postgres', 'postgres'])

    const moveOutput = await operator(['move-images-to-s3'], {
      DATABASE_URL: env.url,
      ...s3.env(prefix),
    })
    expect(moveOutput).toMatch(/Moved [1-9]\d* device images to s3:\/\/device-images-test\//)
    expect(moveOutput).not.toContain('S3RVER')
    const moved = await env.database.db
      .selectFrom('deviceImages')
      .select(['id', 'storage', 'bytes', 'objectKey'])
      .where('businessId', '=', businessId)
      .orderBy('createdAt')
      .execute()
    expect(moved.map((r) => [r.id, r.storage, r.bytes])).toEqual(ids.map((id) => [id, 's3', null]))
    // same addresses, same bytes
    const now = await served(origin, settings.logoUrl)
    expect(now.bytes.equals(old.bytes)).toBe(true)
    expect(await s3.keys(`${prefix}/device-images/${businessId}/`)).toHaveLength(2)
    expect(await env.services.deviceSettings.moveImagesToObjectStore()).toBe(0)
    expect(await orphanKeys()).toEqual([])
  }, 240_000) // a bound for a hang: the operator command starts a process

  it('two moves at once leave each image served and no object behind', async () => {
    const before = await instanceOn(env, {})
    const { b, businessId } = await approvedBusiness(env)
    let logoUrl: unknown
    try {
      logoUrl = (await upload(before.origin, b, businessId, await png(500, 100))).body.logoUrl
      await upload(before.origin, b, businessId, await png(100, 500), 'screenSaver')
    } finally {
      await before.close()
    }
    const original = await served(origin, logoUrl)
    const other = await instanceOn(env, s3.env(prefix))
    try {
      await Promise.all([
        env.services.deviceSettings.moveImagesToObjectStore(),
        other.services.deviceSettings.moveImagesToObjectStore(),
      ])
    } finally {
      await other.close()
    }
    const rows = await env.database.db
      .selectFrom('deviceImages')
      .select(['storage', 'objectKey'])
      .where('businessId', '=', businessId)
      .execute()
    expect(rows.map((r) => r.storage)).toEqual(['s3', 's3'])
    await makeDue()
    await until(orphanKeys, (keys) => keys.length === 0, 'leftover copies deleted')
    expect(await s3.keys(`${prefix}/device-images/${businessId}/`)).toEqual(
      rows.map((r) => r.objectKey).sort(),
    )
    expect((await served(origin, logoUrl)).bytes.equals(original.bytes)).toBe(true)
  }, 240_000) // a bound for a hang: the operator command starts a process

  it('the move command needs an S3 store configured', async () => {
    await expect(operator(['move-images-to-s3'], { DATABASE_URL: env.url })).rejects.toThrow(
      /exit 2: No S3 image store is configured/,
    )
  }, 240_000) // a bound for a hang: the operator command starts a process
})
