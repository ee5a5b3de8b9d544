/**
 * Migration 0020 (the terminal: tips beside payments, tip percentages and idle sign-out in device
 * settings) upgrades a database whose businesses already have device settings: each keeps its
 * values and gets the default percentages and idle time, which can then be changed.
 */
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { createDeviceSettingsRepo } from '../src/modules/devices/settings-repo'
import { createDeviceSettingsService } from '../src/modules/devices/settings-service'
import { migratedTo, seedOwner } from './migration-support'
import { SYSTEM_AUDIT } from '../src/modules/audit'

describe('the terminal migration', () => {
  it('upgrades device settings, which keep their values and get the defaults', async () => {
    const upgrade = await migratedTo('0019-devices-and-staff')
    const { db } = upgrade
    const owner = await seedOwner(db, 'owner@terminal.example')
    const businessId = await owner.addBusiness({ name: 'Old Shop', currency: 'EUR' })
    await sql`INSERT INTO device_settings (business_id, display_name, receipt_text, theme)
      VALUES (${businessId}, 'Old Shop Counter', 'Dank je wel!', 'dark')`.execute(db)

    await upgrade.migrateToLatest()

    const settings = createDeviceSettingsService({ repo: createDeviceSettingsRepo(db) })
    expect(await settings.get(businessId)).toMatchObject({
      displayName: 'Old Shop Counter',
      receiptText: 'Dank je wel!',
      theme: 'dark',
      tipPercents: [5, 10, 15],
      idleSignOutSec: 300,
    })
    await settings.update(businessId, { tipPercents: [8, 12], idleSignOutSec: 60 }, SYSTEM_AUDIT)
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
