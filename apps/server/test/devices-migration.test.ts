/**
 * Migration 0019 (devices, staff, and who took each payment) upgrades a database that already
 * holds payments: every payment keeps its values, has no staff member or order reference, and
 * the transaction list still reads it, filtered by device or not.
 */
import { Migrator, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectDatabase, migrateToLatest, type DatabaseHandle } from '../src/db/database'
import { migrations } from '../src/db/migrations'
import { createSalesRepo } from '../src/modules/sales/repo'
import { createTestDatabase } from './harness'

let database: DatabaseHandle
beforeAll(async () => {
  database = connectDatabase(await createTestDatabase(), 2)
})
afterAll(async () => {
  await database.close()
})

describe('the devices and staff migration', () => {
  it('upgrades a database holding payments, which keep every value', async () => {
    const { db } = database
    const migrator = new Migrator({
      db,
      provider: { getMigrations: () => Promise.resolve(migrations) },
    })
    const names = Object.keys(migrations).sort()
    const before = names[names.indexOf('0019-devices-and-staff') - 1]
    if (!before) throw new Error('no migration before 0019')
    expect((await migrator.migrateTo(before)).error).toBeUndefined()

    const { id: userId } = await db
      .insertInto('users')
      .values({ email: 'owner@devices.example', passwordHash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const { id: businessId } = await db
      .insertInto('businesses')
      .values({ name: 'Old Shop', onboardingStep: 'completed', createdBy: userId, currency: 'EUR' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const createdAt = new Date('2026-03-04T05:06:07.000Z')
    // Written as the code before this migration wrote payments (no staff or order reference).
    const { rows } = await sql<{ id: string }>`
      INSERT INTO payments (business_id, method, status, amount_sat, received_sat, fee_sat,
        currency, fiat_minor, memo, device_id, payment_hash, created_at, settled_at)
      VALUES (${businessId}, 'lightning', 'settled', 5000, 5000, 0, 'EUR', 250, 'Old coffee',
        NULL, ${'ab'.repeat(32)}, ${createdAt}, ${createdAt})
      RETURNING id`.execute(database.db)
    const paymentId = rows[0]?.id
    if (!paymentId) throw new Error('payment not inserted')
    const oldRow = await sql<Record<string, unknown>>`SELECT * FROM payments`.execute(db)

    await migrateToLatest(db)

    const row = await db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', paymentId)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ ...oldRow.rows[0], staffId: null, orderReference: null })
    const list = await createSalesRepo(db).listTransactions(businessId, {}, null, 10)
    expect(list).toEqual([
      expect.objectContaining({
        id: paymentId,
        memo: 'Old coffee',
        deviceId: null,
        deviceName: null,
        staffId: null,
        staffName: null,
        amountSat: 5000,
      }),
    ])
    const { id: deviceId } = await db
      .insertInto('devices')
      .values({ businessId, name: 'New till', loginId: 'dev_migration-test-0001', secretHash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow()
    expect(await createSalesRepo(db).listTransactions(businessId, { deviceId }, null, 10)).toEqual(
      [],
    )
  })
})
