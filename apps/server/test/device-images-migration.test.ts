/**
 * Migration 0025 (device image bytes in PostgreSQL or an object store) upgrades a database that
 * already holds images: each keeps its bytes and metadata, is marked as stored in PostgreSQL with
 * its size, stays in its slot and is served as before; deleting such a row lists no object.
 */
import { Migrator, sql } from 'kysely'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectDatabase, migrateToLatest, type DatabaseHandle } from '../src/db/database'
import { migrations } from '../src/db/migrations'
import { createDeviceSettingsRepo } from '../src/modules/devices/settings-repo'
import { createDeviceSettingsService } from '../src/modules/devices/settings-service'
import { createTestDatabase } from './harness'

let database: DatabaseHandle
beforeAll(async () => {
  database = connectDatabase(await createTestDatabase(), 2)
})
afterAll(async () => {
  await database.close()
})

describe('the device image store migration', () => {
  it('upgrades a database holding images, which keep their bytes and are served', async () => {
    const { db } = database
    const migrator = new Migrator({
      db,
      provider: { getMigrations: () => Promise.resolve(migrations) },
    })
    const names = Object.keys(migrations).sort()
    const before = names[names.indexOf('0025-device-image-store') - 1]
    if (!before) throw new Error('no migration before 0025')
    expect((await migrator.migrateTo(before)).error).toBeUndefined()

    const { id: userId } = await db
      .insertInto('users')
      .values({ email: 'owner@images.example', passwordHash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const { id: businessId } = await db
      .insertInto('businesses')
      .values({ name: 'Old Shop', onboardingStep: 'completed', createdBy: userId, currency: 'EUR' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const logo = await sharp({
      create: { width: 120, height: 40, channels: 4, background: '#5b3cf5' },
    })
      .png()
      .toBuffer()
    const screen = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#fa0' },
    })
      .jpeg()
      .toBuffer()
    const createdAt = new Date('2026-05-06T07:08:09.000Z')
    // Written as the code before this migration wrote images (bytes in the row).
    const { rows } = await sql<{ id: string }>`
      INSERT INTO device_images (business_id, content_type, bytes, width, height, created_at)
      VALUES (${businessId}, 'image/png', ${logo}, 120, 40, ${createdAt}),
             (${businessId}, 'image/jpeg', ${screen}, 64, 64, ${createdAt})
      RETURNING id`.execute(db)
    const [logoId, screenId] = rows.map((r) => r.id)
    if (!logoId || !screenId) throw new Error('images not inserted')
    await sql`
      INSERT INTO device_settings (business_id, logo_image_id, screen_saver_image_id)
      VALUES (${businessId}, ${logoId}, ${screenId})`.execute(db)

    await migrateToLatest(db)

    const upgraded = await db
      .selectFrom('deviceImages')
      .selectAll()
      .orderBy('contentType', 'desc')
      .execute()
    expect(upgraded).toEqual([
      {
        id: logoId,
        businessId,
        contentType: 'image/png',
        bytes: logo,
        width: 120,
        height: 40,
        createdAt,
        storage: 'postgres',
        objectKey: null,
        size: logo.length,
      },
      {
        id: screenId,
        businessId,
        contentType: 'image/jpeg',
        bytes: screen,
        width: 64,
        height: 64,
        createdAt,
        storage: 'postgres',
        objectKey: null,
        size: screen.length,
      },
    ])

    const service = createDeviceSettingsService({ repo: createDeviceSettingsRepo(db) })
    expect(await service.get(businessId)).toMatchObject({
      logoUrl: `/api/device-images/${logoId}`,
      screenSaverUrl: `/api/device-images/${screenId}`,
    })
    const served = await service.image(logoId)
    expect(served).toEqual({ contentType: 'image/png', bytes: logo, createdAt })

    // a row must say where its bytes are
    await expect(
      sql`UPDATE device_images SET bytes = NULL WHERE id = ${logoId}`.execute(db),
    ).rejects.toThrow(/device_images_bytes_where/)

    // removing an image stored in PostgreSQL leaves no object to delete
    await service.removeImage(businessId, 'screenSaver')
    expect(await service.image(screenId)).toBeUndefined()
    expect(await db.selectFrom('deviceImageOrphans').selectAll().execute()).toEqual([])
  })
})
