/**
 * The personal data of a business application (addresses, the director's date of birth, the
 * IBAN) is stored sealed with APP_SECRET: a read of the database shows none of it in clear, the
 * merchant and the operator still read the application as saved, an application stored before
 * this (in plain JSON) is sealed at start, and rotating APP_SECRET seals it again.
 */
import { randomBytes } from 'node:crypto'
import { Migrator } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectDatabase, migrateToLatest, type DatabaseHandle } from '../src/db/database'
import { migrations } from '../src/db/migrations'
import { createSealedValuesRepo } from '../src/db/sealed-values-repo'
import { resealAll } from '../src/lib/secret-rotation'
import { SealedValueError, SecretBox } from '../src/lib/secrets'
import { createOnboardingRepo } from '../src/modules/onboarding/repo'
import { scenario, uniqueEmail, createTestDatabase, type TestEnv, type Scenario } from './harness'
import {
  companyDetails,
  corporationDirectors,
  financial,
  operations,
  pci,
  person,
  terms,
} from './onboarding-fixtures'

const IBAN = financial.iban
const DATE_OF_BIRTH = person.dateOfBirth
const STREET = companyDetails().address.line1

async function rawRow(database: DatabaseHandle, businessId: string): Promise<string> {
  const { rows } = await database.pool.query<{ row: string }>(
    'SELECT row_to_json(a)::text AS row FROM business_applications a WHERE business_id = $1',
    [businessId],
  )
  expect(rows).toHaveLength(1)
  return rows[0]!.row
}

function expectNoPlainPersonalData(row: string) {
  expect(row).not.toContain(IBAN)
  expect(row).not.toContain(DATE_OF_BIRTH)
  expect(row).not.toContain(STREET)
}

describe('an application saved by a merchant', () => {
  let t: Scenario
  let env: TestEnv
  beforeAll(async () => {
    t = await scenario({ env: { AUTO_APPROVE_APPLICATIONS: 'false' } })
    env = t.env
  })
  afterAll(() => t.close())

  it('holds no IBAN, date of birth or address in clear, and reads back as saved', async () => {
    const b = env.browser()
    await b.caller.auth.signUp({ email: uniqueEmail(), password: 'correct horse battery' })
    const { id: businessId } = await b.caller.businesses.create({ name: 'Corner Café' })
    await b.caller.onboarding.saveCompany({ businessId, data: companyDetails() })
    await b.caller.onboarding.saveDirectors({ businessId, data: corporationDirectors })
    await b.caller.onboarding.saveFinancial({ businessId, data: financial })
    await b.caller.onboarding.savePci({ businessId, data: pci })
    await b.caller.onboarding.saveOperations({ businessId, data: operations })
    await b.caller.onboarding.submit({ businessId, data: terms })

    expectNoPlainPersonalData(await rawRow(env.database, businessId))

    const opEmail = uniqueEmail('operator')
    const op = env.browser()
    await op.caller.auth.signUp({ email: opEmail, password: 'correct horse battery' })
    await env.services.authRepo.setOperator(opEmail, true)
    const review = await op.caller.operator.application({ businessId })
    expect(review.application).toMatchObject({
      company: companyDetails(),
      director: corporationDirectors,
      financial,
      pci,
      operations,
    })
    const listed = await op.caller.operator.applications({ status: 'pending' })
    expect(listed.find((a) => a.businessId === businessId)?.company).toEqual(companyDetails())
  })
})

describe('a database holding applications stored in plain JSON', () => {
  const OLD = randomBytes(32).toString('base64')
  const NEW = randomBytes(32).toString('base64')
  let database: DatabaseHandle
  const businesses: string[] = []

  beforeAll(async () => {
    database = connectDatabase(await createTestDatabase('empty'), 3)
    const { db } = database
    const result = await new Migrator({
      db,
      provider: { getMigrations: () => Promise.resolve(migrations) },
    }).migrateTo('0015-exchange-nonces-and-cleanup')
    expect(result.error).toBeUndefined()

    // Written as the code before this change wrote them: every section as plain JSON.
    const { id: userId } = await db
      .insertInto('users')
      .values({ email: 'owner@plain.example', passwordHash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow()
    for (const name of ['Submitted shop', 'Draft shop']) {
      const { id } = await db
        .insertInto('businesses')
        .values({ name, onboardingStep: 'pending', createdBy: userId })
        .returning('id')
        .executeTakeFirstOrThrow()
      businesses.push(id)
    }
    await database.pool.query(
      `INSERT INTO business_applications
         (business_id, company, director, financial, pci, operations, submitted_at, review_status)
       VALUES ($1, $2, $3, $4, $5, $6, now(), 'pending'), ($7, $2, NULL, NULL, NULL, NULL, NULL, 'draft')`,
      [
        businesses[0],
        JSON.stringify(companyDetails()),
        JSON.stringify(corporationDirectors),
        JSON.stringify(financial),
        JSON.stringify(pci),
        JSON.stringify(operations),
        businesses[1],
      ],
    )
    await migrateToLatest(db)
  })
  afterAll(() => database.close())

  it('reads the application after the upgrade, and holds no plain personal data once sealed', async () => {
    const repo = createOnboardingRepo(database.db, new SecretBox(OLD))
    const expected = {
      company: companyDetails(),
      director: corporationDirectors,
      financial,
      pci,
      operations,
    }
    expect(await repo.getApplication(businesses[0]!)).toMatchObject(expected)
    expect(await rawRow(database, businesses[0]!)).toContain(IBAN)

    expect(await repo.sealPlainSections()).toBe(2)
    for (const id of businesses) expectNoPlainPersonalData(await rawRow(database, id))
    expect(await repo.getApplication(businesses[0]!)).toMatchObject(expected)
    expect(await repo.getApplication(businesses[1]!)).toMatchObject({
      company: companyDetails(),
      director: null,
      financial: null,
    })
    const listed = await repo.listApplications(undefined)
    expect(listed.map((a) => [a.businessId, a.company])).toEqual([
      [businesses[0], companyDetails()],
    ])

    // A second start finds nothing left to seal.
    expect(await repo.sealPlainSections()).toBe(0)
  })

  it('seals the application again when APP_SECRET is rotated', async () => {
    const rotating = new SecretBox(NEW, OLD)
    const report = await resealAll(createSealedValuesRepo(database.db), rotating)
    expect(report.columns['business_applications.company_sealed']).toEqual({
      resealed: 2,
      unchanged: 0,
    })
    expect(report.columns['business_applications.director_sealed']).toEqual({
      resealed: 1,
      unchanged: 0,
    })
    expect(report.columns['business_applications.financial_sealed']).toEqual({
      resealed: 1,
      unchanged: 0,
    })
    const now = new SecretBox(NEW)
    expect(
      await createOnboardingRepo(database.db, now).getApplication(businesses[0]!),
    ).toMatchObject({ company: companyDetails(), director: corporationDirectors, financial })
    await expect(
      createOnboardingRepo(database.db, new SecretBox(OLD)).getApplication(businesses[0]!),
    ).rejects.toThrow(SealedValueError)
    expectNoPlainPersonalData(await rawRow(database, businesses[0]!))
  })
})
