/**
 * Migration 0024 (one heartbeat per server instance keeps its wallet leases) upgrades a database
 * whose leases were renewed the earlier way, one row each: those stay live until their own time
 * passes, so an instance of the previous release still running keeps the wallets it watches.
 */
import { Migrator, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectDatabase, type DatabaseHandle } from '../src/db/database'
import { migrations } from '../src/db/migrations'
import { createLeaseRepo } from '../src/modules/payments/lease-repo'
import { createTestDatabase } from './harness'

let database: DatabaseHandle
beforeAll(async () => {
  database = connectDatabase(await createTestDatabase(), 2)
})
afterAll(async () => {
  await database.close()
})

describe('wallet leases kept by heartbeats', () => {
  it('upgrade a database holding leases renewed one by one, which stay live until they lapse', async () => {
    const { db } = database
    const migrator = new Migrator({
      db,
      provider: { getMigrations: () => Promise.resolve(migrations) },
    })
    expect((await migrator.migrateTo('0023-loop-swaps')).error).toBeUndefined()
    const { id: userId } = await db
      .insertInto('users')
      .values({ email: 'owner@leases.example', passwordHash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const [live, lapsed] = await Promise.all(
      ['Bakery', 'Florist'].map(async (name) => {
        const { id } = await db
          .insertInto('businesses')
          .values({ name, onboardingStep: 'completed', createdBy: userId })
          .returning('id')
          .executeTakeFirstOrThrow()
        return id
      }),
    )
    // As the previous release wrote them: a holder's lease renewed a minute ahead, another lapsed.
    await db
      .insertInto('walletLeases')
      .values([
        { businessId: live!, holder: 'old-a', expiresAt: new Date(Date.now() + 60_000) },
        { businessId: lapsed!, holder: 'old-b', expiresAt: new Date(Date.now() - 60_000) },
      ])
      .execute()

    expect((await migrator.migrateToLatest()).error).toBeUndefined()

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
