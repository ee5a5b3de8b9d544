/**
 * Migration 0021 (refunds and shift closes) upgrades a database that already holds payments
 * taken at a device: every payment keeps its values, reads as not refunded with all of it left
 * to refund, and the device has no close yet.
 */
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { createRefundPaymentsRepo } from '../src/modules/refunds/payments-repo'
import { migratedTo, seedOwner } from './migration-support'

describe('the refunds and shifts migration', () => {
  it('upgrades a database holding payments, which keep every value', async () => {
    const upgrade = await migratedTo('0020-terminal')
    const { db } = upgrade

    const owner = await seedOwner(db, 'owner@refunds.example')
    const businessId = await owner.addBusiness({ name: 'Old Shop', currency: 'EUR' })
    const { id: deviceId } = await db
      .insertInto('devices')
      .values({ businessId, name: 'Old till', loginId: 'dev_refund-migration-01', secretHash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const at = new Date('2026-03-04T05:06:07.000Z')
    const { rows } = await sql<{ id: string }>`
      INSERT INTO payments (business_id, method, status, amount_sat, received_sat, fee_sat,
        currency, fiat_minor, memo, device_id, payment_hash, created_at, settled_at)
      VALUES (${businessId}, 'lightning', 'settled', 5000, 5000, 0, 'EUR', 250, 'Old coffee',
        ${deviceId}, ${'cd'.repeat(32)}, ${at}, ${at})
      RETURNING id`.execute(db)
    const paymentId = rows[0]?.id
    if (!paymentId) throw new Error('payment not inserted')
    const oldRow = await sql<Record<string, unknown>>`SELECT * FROM payments`.execute(db)

    await upgrade.migrateToLatest()

    const now = await sql<Record<string, unknown>>`SELECT * FROM payments`.execute(db)
    expect(now.rows).toEqual(oldRow.rows)
    const repo = createRefundPaymentsRepo(db)
    expect(await repo.find(businessId, paymentId)).toMatchObject({
      id: paymentId,
      amountSat: 5000,
      fiatMinor: 250,
      refundedSat: 0,
      remainingSat: 5000,
      refundState: 'none',
    })
    expect(await repo.settledAt(deviceId, new Date('2026-03-04T00:00:00Z'), 10)).toHaveLength(1)
    expect(await db.selectFrom('shiftCloses').selectAll().execute()).toEqual([])
    const indexes = await sql<{ indexname: string }>`SELECT indexname FROM pg_indexes
      WHERE tablename = 'payments' AND indexname = 'payments_device_settled'`.execute(db)
    expect(indexes.rows).toHaveLength(1)
  })
})
