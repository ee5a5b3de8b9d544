/**
 * What the upgrade tests share: a fresh database migrated as far as a named migration (rows are
 * then written as that release wrote them, and the rest of the migrations run over them), and the
 * owner and businesses most of those rows belong to.
 */
import { Migrator } from 'kysely'
import { onTestFinished } from 'vitest'
import { connectDatabase, migrateToLatest, type Db } from '../src/db/database'
import { migrations } from '../src/db/migrations'
import type { OnboardingStep } from '@app/domain'
import { createTestDatabase } from './test-database'

export interface UpgradeDatabase {
  db: Db
  /** Migrates further, up to and including `name`. */
  migrateTo(name: string): Promise<void>
  /** Runs the remaining migrations as a starting server does. */
  migrateToLatest(): Promise<void>
}

/**
 * A fresh database migrated up to and including the migration `name`; for use inside a test,
 * and closed when the test ends.
 */
export async function migratedTo(name: string): Promise<UpgradeDatabase> {
  const database = connectDatabase(await createTestDatabase('empty'), 2)
  onTestFinished(() => database.close())
  const { db } = database
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
  })
  const migrateTo = async (target: string) => {
    if (!(target in migrations)) throw new Error(`no migration ${target}`)
    const { error } = await migrator.migrateTo(target)
    if (error) {
      const reason = error instanceof Error ? error.message : 'unknown error'
      throw new Error(`migrating to ${target} failed: ${reason}`, { cause: error })
    }
  }
  await migrateTo(name)
  return { db, migrateTo, migrateToLatest: () => migrateToLatest(db) }
}

export interface BusinessSeed {
  name: string
  /** `completed` unless said */
  onboardingStep?: OnboardingStep
  currency?: string
}

/**
 * An owner's account, and businesses of theirs added one by one, written with the columns every
 * release since the first has.
 */
export async function seedOwner(db: Db, email: string) {
  const { id: userId } = await db
    .insertInto('users')
    .values({ email, passwordHash: 'x' })
    .returning('id')
    .executeTakeFirstOrThrow()
  return {
    userId,
    /** adds a business of theirs; its id */
    async addBusiness(business: BusinessSeed): Promise<string> {
      const { id } = await db
        .insertInto('businesses')
        .values({ onboardingStep: 'completed', ...business, createdBy: userId })
        .returning('id')
        .executeTakeFirstOrThrow()
      return id
    },
  }
}
