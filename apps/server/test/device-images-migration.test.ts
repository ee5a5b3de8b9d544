/**
 * Migration 0025 (device image bytes in PostgreSQL or an object store) upgrades a database that
 * already holds images: each keeps its bytes and metadata, is marked as stored in PostgreSQL with
 * its size, stays in its slot and is served as before; deleting such a row lists no object.
 */
import { sql } from 'kysely'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { createDeviceSettingsRepo } from '../src/modules/devices/settings-repo'
import { createDeviceSettingsService } from '../src/modules/devices/settings-service'
import { migratedTo, seedOwner } from './migration-support'
import { SYSTEM_AUDIT } from '../src/modules/audit'

describe('the device image store migration', () => {
  it('upgrades a database holding images, which keep their bytes and are served', async () => {
    const upgrade = await migratedTo('0024-watcher-heartbeats')
    const { db } = upgrade
    const owner = await seedOwner(db, 'owner@images.example')
    const businessId = await owner.addBusiness({ name: 'Old Shop', currency: 'EUR' })
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

    await upgrade.migrateToLatest()

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
    await service.removeImage(businessId, 'screenSaver', SYSTEM_AUDIT)
    expect(await service.image(screenId)).toBeUndefined()
    expect(await db.selectFrom('deviceImageOrphans').selectAll().execute()).toEqual([])
  })
})
