/**
 * Migration 0024 (one heartbeat per server instance keeps its wallet leases) upgrades a database
 * whose leases were renewed the earlier way, one row each: those stay live until their own time
 * passes, so an instance of the previous release still running keeps the wallets it watches.
 */
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { createLeaseRepo } from '../src/modules/payments/lease-repo'
import { migratedTo, seedOwner } from './migration-support'

describe('wallet leases kept by heartbeats', () => {
  it('upgrade a database holding leases renewed one by one, which stay live until they lapse', async () => {
    const upgrade = await migratedTo('0023-loop-swaps')
    const { db } = upgrade
    const owner = await seedOwner(db, 'owner@leases.example')
    const [live, lapsed] = await Promise.all(
      ['Bakery', 'Florist'].map((name) => owner.addBusiness({ name })),
    )
    // As the previous release wrote them: a holder's lease renewed a minute ahead, another lapsed.
    await db
      .insertInto('walletLeases')
      .values([
        { businessId: live!, holder: 'old-a', expiresAt: new Date(Date.now() + 60_000) },
        { businessId: lapsed!, holder: 'old-b', expiresAt: new Date(Date.now() - 60_000) },
      ])
      .execute()

    await upgrade.migrateToLatest()

    const { rows } = await sql<{ businessId: string; holder: string }>`
      SELECT business_id AS "businessId", holder FROM live_wallet_leases`.execute(db)
    expect(rows).toEqual([{ businessId: live, holder: 'old-a' }])
    const leases = createLeaseRepo(db)
    expect(await leases.acquire([live!, lapsed!], 'new-instance', 4_000)).toEqual([lapsed])
    const held = await db.selectFrom('walletLeases').select(['businessId', 'holder']).execute()
    expect(new Map(held.map((h) => [h.businessId, h.holder]))).toEqual(
      new Map([
        [live, 'old-a'],
        [lapsed, 'new-instance'],
      ]),
    )
  })
})
