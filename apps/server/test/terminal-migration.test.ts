/**
 * Migration 0020 (the terminal: tips beside payments, tip percentages and idle sign-out in device
 * settings) upgrades a database whose businesses already have device settings: each keeps its
 * values and gets the default percentages and idle time, which can then be changed.
 */
import { Migrator, sql } from 'kysely'
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

describe('the terminal migration', () => {
  it('upgrades device settings, which keep their values and get the defaults', async () => {
    const { db } = database
    const migrator = new Migrator({
      db,
      provider: { getMigrations: () => Promise.resolve(migrations) },
    })
    expect((await migrator.migrateTo('0019-devices-and-staff')).error).toBeUndefined()
    const { id: userId } = await db
      .insertInto('users')
      .values({ email: 'owner@terminal.example', passwordHash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const { id: businessId } = await db
      .insertInto('businesses')
      .values({ name: 'Old Shop', onboardingStep: 'completed', createdBy: userId, currency: 'EUR' })
      .returning('id')
      .executeTakeFirstOrThrow()
    await sql`INSERT INTO device_settings (business_id, display_name, receipt_text, theme)
      VALUES (${businessId}, 'Old Shop Counter', 'Dank je wel!', 'dark')`.execute(db)

    await migrateToLatest(db)

    const settings = createDeviceSettingsService({ repo: createDeviceSettingsRepo(db) })
    expect(await settings.get(businessId)).toMatchObject({
      displayName: 'Old Shop Counter',
      receiptText: 'Dank je wel!',
      theme: 'dark',
      tipPercents: [5, 10, 15],
      idleSignOutSec: 300,
    })
    await settings.update(businessId, { tipPercents: [8, 12], idleSignOutSec: 60 })
    expect(await settings.get(businessId)).toMatchObject({
      displayName: 'Old Shop Counter',
      tipPercents: [8, 12],
      idleSignOutSec: 60,
    })
    // the database refuses what no form may send
    await expect(
      sql`UPDATE device_settings SET tip_percents = '{0}' WHERE business_id = ${businessId}`.execute(
        db,
      ),
    ).rejects.toThrow()
  })
})
