/**
 * Migration 0011 (a node's last read status on its row) upgrades a database that already holds
 * nodes: their rows keep every value, start with nothing read, and are the first a sweep reads.
 */
import { describe, expect, it } from 'vitest'
import { createNodeRepo } from '../src/modules/node/repo'
import { NO_NODE, SETTLED_RECHECK_MS, SETTLED_STATUSES } from '../src/modules/node/status'
import { migratedTo, seedOwner } from './migration-support'

describe('the node status columns', () => {
  it('upgrade a database holding nodes, which the next sweep reads first', async () => {
    const upgrade = await migratedTo('0010-onboarding-step-check')
    const { db } = upgrade

    const owner = await seedOwner(db, 'owner@node.example')
    const ready = await owner.addBusiness({ name: 'Initialised', onboardingStep: 'deposit' })
    const requested = await owner.addBusiness({ name: 'Requested', onboardingStep: 'nodePassword' })
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

    await upgrade.migrateToLatest()

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
