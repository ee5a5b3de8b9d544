import { sql, type Kysely, type Selectable, type Transaction } from 'kysely'
import type { Db } from '../../db/database'
import type { BusinessApplicationsTable, Database, ReviewStatus } from '../../db/schema'
import type { SealedAt, SecretBox } from '../../lib/secrets'
import type { ApplicationSection, OnboardingStep } from '@app/domain'

export type SectionColumn = Exclude<ApplicationSection, 'terms'>

/** An application as the onboarding reads it (who reviewed it and when it changed stay here). */
export type ApplicationRow = Omit<
  Selectable<BusinessApplicationsTable>,
  'reviewedBy' | 'updatedAt' | 'companySealed' | 'directorSealed' | 'financialSealed'
>

/**
 * The sections holding personal data (addresses, the director's date of birth, the IBAN): stored
 * sealed with APP_SECRET, bound to their row and column, in `<section>_sealed`. Their plain
 * column is only read for applications stored before they were sealed, until sealPlainSections.
 */
const SEALED_SECTIONS = {
  company: { column: 'company_sealed', field: 'companySealed' },
  director: { column: 'director_sealed', field: 'directorSealed' },
  financial: { column: 'financial_sealed', field: 'financialSealed' },
} as const
type SealedSection = keyof typeof SEALED_SECTIONS

function isSealedSection(section: SectionColumn): section is SealedSection {
  return section in SEALED_SECTIONS
}

/** Where a sealed section of one application is stored: it opens only there. */
function applicationSealedAt(businessId: string, section: SealedSection): SealedAt {
  return { table: 'business_applications', column: SEALED_SECTIONS[section].column, id: businessId }
}

const APPLICATION_COLUMNS = [
  'businessId',
  'company',
  'companySealed',
  'director',
  'directorSealed',
  'financial',
  'financialSealed',
  'pci',
  'operations',
  'termsVersion',
  'termsAcceptedAt',
  'submittedAt',
  'reviewStatus',
  'reviewReason',
  'reviewedAt',
] as const

/** A business's step, its row locked until `trx` ends so step changes never race. */
export async function lockStep(
  trx: Transaction<Database>,
  businessId: string,
): Promise<OnboardingStep> {
  const row = await trx
    .selectFrom('businesses')
    .select('onboardingStep')
    .where('id', '=', businessId)
    .forNoKeyUpdate()
    .executeTakeFirstOrThrow()
  return row.onboardingStep
}

/** Writes a business's step. Only the step machine (step-machine.ts) calls this. */
export async function writeStep(
  trx: Transaction<Database>,
  businessId: string,
  step: OnboardingStep,
): Promise<void> {
  await trx
    .updateTable('businesses')
    .set({ onboardingStep: step })
    .where('id', '=', businessId)
    .execute()
}

/**
 * `secrets` seals and opens the sections holding personal data; without it the repository
 * still locks businesses and moves steps, and refuses to read or write those sections.
 */
export function createOnboardingRepo(db: Db, secrets?: SecretBox) {
  const box = (): SecretBox => {
    if (!secrets) throw new Error('Application personal data needs the secrets box')
    return secrets
  }

  /** A section as stored: opened when sealed, else the plain (not yet sealed) value. */
  function readSection(
    businessId: string,
    section: SealedSection,
    plain: unknown,
    sealed: string | null,
  ): unknown {
    if (sealed === null) return plain
    return JSON.parse(box().open(sealed, applicationSealedAt(businessId, section))) as unknown
  }

  function sealSection(businessId: string, section: SealedSection, value: unknown): string | null {
    if (value === null || value === undefined) return null
    return box().seal(JSON.stringify(value), applicationSealedAt(businessId, section))
  }

  return {
    /**
     * Runs fn with the business row locked, so step changes never race. FOR NO KEY UPDATE lets
     * other connections still insert rows that reference the business while fn runs. Every
     * query in fn goes through `trx`: one through the pool would wait for a second connection
     * while this one is held, and enough such waits at once take every connection there is.
     */
    async withLockedBusiness<T>(
      businessId: string,
      fn: (trx: Transaction<Database>, step: OnboardingStep) => Promise<T>,
    ): Promise<T> {
      return db.transaction().execute(async (trx) => fn(trx, await lockStep(trx, businessId)))
    },

    /** The application; inside withLockedBusiness pass its transaction as `via`. */
    async getApplication(
      businessId: string,
      via: Kysely<Database> = db,
    ): Promise<ApplicationRow | undefined> {
      const row = await via
        .selectFrom('businessApplications')
        .select(APPLICATION_COLUMNS)
        .where('businessId', '=', businessId)
        .executeTakeFirst()
      if (!row) return undefined
      const { companySealed, directorSealed, financialSealed, ...rest } = row
      return {
        ...rest,
        company: readSection(businessId, 'company', row.company, companySealed),
        director: readSection(businessId, 'director', row.director, directorSealed),
        financial: readSection(businessId, 'financial', row.financial, financialSealed),
      }
    },

    async saveSection(
      trx: Transaction<Database>,
      businessId: string,
      column: SectionColumn,
      value: unknown,
    ): Promise<void> {
      const set = isSealedSection(column)
        ? {
            [column]: null,
            [SEALED_SECTIONS[column].field]: sealSection(businessId, column, value),
          }
        : { [column]: JSON.stringify(value) }
      await trx
        .insertInto('businessApplications')
        .values({ businessId, ...set })
        .onConflict((oc) => oc.column('businessId').doUpdateSet({ ...set, updatedAt: sql`now()` }))
        .execute()
    },

    /**
     * Seals the personal data of applications stored before it was sealed and clears their plain
     * columns; run at start, so after one start no plain personal data remains. How many
     * applications it sealed.
     */
    async sealPlainSections(): Promise<number> {
      let sealedRows = 0
      for (;;) {
        const done = await db.transaction().execute(async (trx) => {
          const rows = await trx
            .selectFrom('businessApplications')
            .select([
              'businessId',
              'company',
              'companySealed',
              'director',
              'directorSealed',
              'financial',
              'financialSealed',
            ])
            .where((eb) =>
              eb.or([
                eb('company', 'is not', null),
                eb('director', 'is not', null),
                eb('financial', 'is not', null),
              ]),
            )
            .orderBy('businessId')
            .limit(100)
            .forUpdate()
            .skipLocked()
            .execute()
          for (const row of rows) {
            const set: Record<string, string | null> = {}
            for (const section of Object.keys(SEALED_SECTIONS) as SealedSection[]) {
              const { field } = SEALED_SECTIONS[section]
              if (row[section] === null) continue
              // A section sealed since stays as sealed; its plain leftover is cleared.
              set[field] = row[field] ?? sealSection(row.businessId, section, row[section])
              set[section] = null
            }
            await trx
              .updateTable('businessApplications')
              .set(set)
              .where('businessId', '=', row.businessId)
              .execute()
          }
          sealedRows += rows.length
          return rows.length < 100
        })
        if (done) return sealedRows
      }
    },

    async setCurrency(trx: Transaction<Database>, businessId: string, currency: string) {
      await trx.updateTable('businesses').set({ currency }).where('id', '=', businessId).execute()
    },

    async submit(trx: Transaction<Database>, businessId: string, termsVersion: string) {
      await trx
        .updateTable('businessApplications')
        .set({
          termsVersion,
          termsAcceptedAt: sql`now()`,
          submittedAt: sql`now()`,
          reviewStatus: 'pending',
          reviewReason: null,
          reviewedBy: null,
          reviewedAt: null,
        })
        .where('businessId', '=', businessId)
        .execute()
    },

    async review(
      trx: Transaction<Database>,
      businessId: string,
      status: 'approved' | 'rejected',
      reviewerId: string | null,
      reason: string | null,
    ) {
      await trx
        .updateTable('businessApplications')
        .set({
          reviewStatus: status,
          reviewReason: reason,
          reviewedBy: reviewerId,
          reviewedAt: sql`now()`,
        })
        .where('businessId', '=', businessId)
        .execute()
    },

    async listApplications(status: ReviewStatus | undefined) {
      let q = db
        .selectFrom('businessApplications')
        .innerJoin('businesses', 'businesses.id', 'businessApplications.businessId')
        .innerJoin('users', 'users.id', 'businesses.createdBy')
        .select([
          'businesses.id as businessId',
          'businesses.name',
          'businesses.onboardingStep',
          'users.email as ownerEmail',
          'businessApplications.company',
          'businessApplications.companySealed',
          'businessApplications.submittedAt',
          'businessApplications.reviewStatus',
          'businessApplications.reviewReason',
          'businessApplications.reviewedAt',
        ])
        .where('businessApplications.submittedAt', 'is not', null)
        .orderBy('businessApplications.submittedAt', 'desc')
        .limit(500)
      if (status) q = q.where('businessApplications.reviewStatus', '=', status)
      const rows = await q.execute()
      return rows.map(({ companySealed, ...row }) => ({
        ...row,
        company: readSection(row.businessId, 'company', row.company, companySealed),
      }))
    },
  }
}

export type OnboardingRepo = ReturnType<typeof createOnboardingRepo>
