/**
 * Migration 0012 (the platform's ecash wallet seed, its counters and each redemption's progress)
 * upgrades a database that already holds ecash payments and held ecash: those keep every value,
 * and redemptions, counters and the seed work on the upgraded database.
 */
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { SecretBox } from '../src/lib/secrets'
import { createEcashRepo } from '../src/modules/ecash/repo'
import { migratedTo, seedOwner } from './migration-support'

describe('the ecash recovery tables', () => {
  it('upgrade a database holding ecash payments and held ecash', async () => {
    const upgrade = await migratedTo('0011-node-status')
    const { db } = upgrade

    const owner = await seedOwner(db, 'owner@ecash.example')
    const businessId = await owner.addBusiness({ name: 'Bakery' })
    // Written as the code before this migration wrote them.
    const settledAt = new Date('2026-02-03T04:05:06.789Z')
    const { id: paymentId } = await db
      .insertInto('payments')
      .values({
        businessId,
        method: 'ecash',
        status: 'settled',
        amountSat: 5_000,
        receivedSat: 4_940,
        feeSat: 52,
        currency: 'EUR',
        settledAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await sql`INSERT INTO ecash_change (business_id, payment_id, mint_url, reason, amount_sat, proofs)
      VALUES (${businessId}, ${paymentId}, 'https://mint.example', 'change', 8,
        ${JSON.stringify({ sealed: 'v1.a.b.c' })}::jsonb)`.execute(db)
    const paymentBefore = await db.selectFrom('payments').selectAll().executeTakeFirstOrThrow()
    const heldBefore = await db.selectFrom('ecashChange').selectAll().execute()

    await upgrade.migrateTo('0012-ecash-recovery')

    expect(await db.selectFrom('payments').selectAll().executeTakeFirstOrThrow()).toEqual(
      paymentBefore,
    )
    expect(await db.selectFrom('ecashChange').selectAll().execute()).toEqual(heldBefore)
    expect(await db.selectFrom('ecashRedemptions').selectAll().execute()).toEqual([])

    // A new redemption of the same business reserves counters, recorded on it, without overlap.
    const repo = createEcashRepo(db, new SecretBox('a'.repeat(64)))
    const { id: nextPayment } = await db
      .insertInto('payments')
      .values({
        businessId,
        method: 'ecash',
        status: 'processing',
        amountSat: 900,
        currency: 'EUR',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await repo.startRedemption({
      paymentId: nextPayment,
      businessId,
      mintUrl: 'https://mint.example',
      tokenSat: 900,
      currency: 'EUR',
    })
    const first = await repo.reserveCounters(nextPayment, 'https://mint.example', '00ab', 5)
    const second = await repo.reserveCounters(nextPayment, 'https://mint.example', '00ab', 3)
    expect([first, second]).toEqual([
      { keysetId: '00ab', start: 0, count: 5 },
      { keysetId: '00ab', start: 5, count: 3 },
    ])
    expect((await repo.redemption(nextPayment))?.counters).toEqual([first, second])
    // The seed is made once and read back the same.
    const words = await repo.walletMnemonic(() => 'one two three')
    expect(await repo.walletMnemonic(() => 'other words')).toBe(words)

    await upgrade.migrateToLatest()
  })
})
