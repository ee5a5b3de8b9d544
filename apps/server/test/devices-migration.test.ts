/**
 * Migration 0019 (devices, staff, and who took each payment) upgrades a database that already
 * holds payments: every payment keeps its values, has no staff member or order reference, and
 * the transaction list still reads it, filtered by device or not.
 */
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { createSalesRepo } from '../src/modules/sales/repo'
import { migratedTo, seedOwner } from './migration-support'

describe('the devices and staff migration', () => {
  it('upgrades a database holding payments, which keep every value', async () => {
    const upgrade = await migratedTo('0018-withdrawals')
    const { db } = upgrade

    const owner = await seedOwner(db, 'owner@devices.example')
    const businessId = await owner.addBusiness({ name: 'Old Shop', currency: 'EUR' })
    const createdAt = new Date('2026-03-04T05:06:07.000Z')
    // Written as the code before this migration wrote payments (no staff or order reference).
    const { rows } = await sql<{ id: string }>`
      INSERT INTO payments (business_id, method, status, amount_sat, received_sat, fee_sat,
        currency, fiat_minor, memo, device_id, payment_hash, created_at, settled_at)
      VALUES (${businessId}, 'lightning', 'settled', 5000, 5000, 0, 'EUR', 250, 'Old coffee',
        NULL, ${'ab'.repeat(32)}, ${createdAt}, ${createdAt})
      RETURNING id`.execute(db)
    const paymentId = rows[0]?.id
    if (!paymentId) throw new Error('payment not inserted')
    const oldRow = await sql<Record<string, unknown>>`SELECT * FROM payments`.execute(db)

    await upgrade.migrateToLatest()

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
