/**
 * The onboarding step column only holds known steps, and the migration that says so upgrades a
 * database that already holds businesses at every step.
 */
import { ONBOARDING_STEPS } from '@app/domain'
import { Migrator, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../../test/harness'
import { connectDatabase, migrateToLatest, type DatabaseHandle } from '../../db/database'
import { migrations } from '../../db/migrations'

let database: DatabaseHandle
beforeAll(async () => {
  database = connectDatabase(await createTestDatabase('empty'), 2)
})
afterAll(async () => {
  await database.close()
})

describe('the onboarding step column', () => {
  it('upgrades a database holding businesses at every step, and then refuses unknown steps', async () => {
    const { db } = database
    const migrator = new Migrator({
      db,
      provider: { getMigrations: () => Promise.resolve(migrations) },
    })
    const before = await migrator.migrateTo('0009-open-payment-indexes')
    expect(before.error).toBeUndefined()

    const { id: userId } = await db
      .insertInto('users')
      .values({ email: 'owner@corner.example', passwordHash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const rows = ONBOARDING_STEPS.map((step) => ({
      name: `At ${step}`,
      onboardingStep: step,
      createdBy: userId,
    }))
    const inserted = await db
      .insertInto('businesses')
      .values(rows)
      .returning(['id', 'onboardingStep'])
      .execute()

    await migrateToLatest(db)

    const after = await db.selectFrom('businesses').select(['id', 'onboardingStep']).execute()
    const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1)
    expect(after.sort(byId)).toEqual([...inserted].sort(byId))
    expect(after).toHaveLength(ONBOARDING_STEPS.length)

    const unknown = db
      .insertInto('businesses')
      .values({ name: 'Nowhere', createdBy: userId, onboardingStep: sql`'shipping'` })
      .execute()
    await expect(unknown).rejects.toThrow(/businesses_onboarding_step_known/)
    const moved = db
      .updateTable('businesses')
      .set({ onboardingStep: sql`'shipping'` })
      .where('id', '=', inserted[0]!.id)
      .execute()
    await expect(moved).rejects.toThrow(/businesses_onboarding_step_known/)
  })
})
