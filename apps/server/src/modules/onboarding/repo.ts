import { sql, type Kysely, type Selectable, type Transaction } from 'kysely'
import type { Db } from '../../db/database'
import type { BusinessApplicationsTable, Database, ReviewStatus } from '../../db/schema'
import type { ApplicationSection, OnboardingStep } from '@app/domain'

export type SectionColumn = Exclude<ApplicationSection, 'terms'>

/** An application as the onboarding reads it (who reviewed it and when it changed stay here). */
export type ApplicationRow = Omit<Selectable<BusinessApplicationsTable>, 'reviewedBy' | 'updatedAt'>

const APPLICATION_COLUMNS = [
  'businessId',
  'company',
  'director',
  'financial',
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

export function createOnboardingRepo(db: Db) {
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
      return via
        .selectFrom('businessApplications')
        .select(APPLICATION_COLUMNS)
        .where('businessId', '=', businessId)
        .executeTakeFirst()
    },

    async saveSection(
      trx: Transaction<Database>,
      businessId: string,
      column: SectionColumn,
      value: unknown,
    ): Promise<void> {
      const json = JSON.stringify(value)
      await trx
        .insertInto('businessApplications')
        .values({ businessId, [column]: json })
        .onConflict((oc) =>
          oc.column('businessId').doUpdateSet({ [column]: json, updatedAt: sql`now()` }),
        )
        .execute()
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
          'businessApplications.submittedAt',
          'businessApplications.reviewStatus',
          'businessApplications.reviewReason',
          'businessApplications.reviewedAt',
        ])
        .where('businessApplications.submittedAt', 'is not', null)
        .orderBy('businessApplications.submittedAt', 'desc')
        .limit(500)
      if (status) q = q.where('businessApplications.reviewStatus', '=', status)
      return q.execute()
    },
  }
}

export type OnboardingRepo = ReturnType<typeof createOnboardingRepo>
