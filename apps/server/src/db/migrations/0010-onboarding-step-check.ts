import { sql, type Kysely } from 'kysely'

/**
 * A business's onboarding step is one of the steps the product knows (the domain's
 * ONBOARDING_STEPS as of this migration, written out: a shipped migration never changes). A new
 * step is added by a later migration that replaces the constraint.
 */
const STEPS = [
  'company',
  'director_sole_trader',
  'director_partnership',
  'director_corporation',
  'financial',
  'pci',
  'operations',
  'terms',
  'pending',
  'paymentProvider',
  'exchange',
  'nodePassword',
  'deposit',
  'completed',
]

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE businesses ADD CONSTRAINT businesses_onboarding_step_known
    CHECK (onboarding_step IN (${sql.join(STEPS.map((s) => sql.lit(s)))}))`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE businesses DROP CONSTRAINT businesses_onboarding_step_known`.execute(db)
}
