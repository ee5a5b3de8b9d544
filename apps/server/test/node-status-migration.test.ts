/**
 * Migration 0011 (a node's last read status on its row) upgrades a database that already holds
 * nodes: their rows keep every value, start with nothing read, and are the first a sweep reads.
 */
import { Migrator } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectDatabase, migrateToLatest, type DatabaseHandle } from '../src/db/database'
import { migrations } from '../src/db/migrations'
import { createNodeRepo } from '../src/modules/node/repo'
import { NO_NODE, SETTLED_RECHECK_MS, SETTLED_STATUSES } from '../src/modules/node/status'
import { createTestDatabase } from './harness'

let database: DatabaseHandle
beforeAll(async () => {
  database = connectDatabase(await createTestDatabase(), 2)
})
afterAll(async () => {
  await database.close()
})

describe('the node status columns', () => {
  it('upgrade a database holding nodes, which the next sweep reads first', async () => {
    const { db } = database
    const migrator = new Migrator({
      db,
      provider: { getMigrations: () => Promise.resolve(migrations) },
    })
    const before = await migrator.migrateTo('0010-onboarding-step-check')
    expect(before.error).toBeUndefined()

    const { id: userId } = await db
      .insertInto('users')
      .values({ email: 'owner@node.example', passwordHash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const businesses = await db
      .insertInto('businesses')
      .values([
        { name: 'Initialised', onboardingStep: 'deposit', createdBy: userId },
        { name: 'Requested', onboardingStep: 'nodePassword', createdBy: userId },
      ])
      .returning('id')
      .execute()
    const [ready, requested] = businesses.map((b) => b.id)
    if (!ready || !requested) throw new Error('businesses not inserted')
    const initialisedAt = new Date('2026-01-02T03:04:05.678Z')
    // Written as the code before this migration wrote them (no status columns).
    const nodeColumns = [
      'businessId',
      'hostKind',
      'hostNodeId',
      'restUrl',
      'tlsCertPem',
      'pubkey',
      'macaroonSealed',
      'seedSealed',
      'initialisedAt',
      'seedConfirmedAt',
    ] as const
    await db
      .insertInto('lightningNodes')
      .values([
        {
          businessId: ready,
          hostKind: 'simnet',
          hostNodeId: 'node-1',
          restUrl: 'https://node-1.example:8080',
          tlsCertPem: 'cert',
          pubkey: '02ab',
          macaroonSealed: 'sealed-macaroon',
          seedSealed: 'sealed-seed',
          initialisedAt,
          seedConfirmedAt: initialisedAt,
        },
        { businessId: requested, hostKind: 'simnet', hostNodeId: 'node-2' },
      ])
      .execute()
    const rowsBefore = await db
      .selectFrom('lightningNodes')
      .select(nodeColumns)
      .orderBy('hostNodeId')
      .execute()

    await migrateToLatest(db)

    const kept = await db
      .selectFrom('lightningNodes')
      .select(nodeColumns)
      .orderBy('hostNodeId')
      .execute()
    expect(kept).toEqual(rowsBefore)
    const added = await db
      .selectFrom('lightningNodes')
      .select(['status', 'statusChangedAt', 'statusCheckedAt'])
      .execute()
    expect(added).toEqual([
      { status: null, statusChangedAt: null, statusCheckedAt: null },
      { status: null, statusChangedAt: null, statusCheckedAt: null },
    ])

    // Nothing read yet: both are due; a status read is stored, told once, and then settled.
    const repo = createNodeRepo(db)
    const due = await repo.dueForReading(SETTLED_STATUSES, SETTLED_RECHECK_MS)
    expect(due.map((r) => r.businessId).sort()).toEqual([ready, requested].sort())
    expect(await repo.storedStatus(ready)).toEqual({ status: null, at: null })

    const status = { ...NO_NODE, exists: true, isInitialised: true, isReady: true }
    const at = await repo.recordStatus(ready, status)
    expect(at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/)
    expect(await repo.storedStatus(ready)).toEqual({ status, at })
    expect(await repo.recordStatus(ready, { ...status })).toBe(at)
    const dueAfter = await repo.dueForReading(SETTLED_STATUSES, SETTLED_RECHECK_MS)
    expect(dueAfter.map((r) => r.businessId)).toEqual([requested])
  })
})
