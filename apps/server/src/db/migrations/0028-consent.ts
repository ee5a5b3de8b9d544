import { sql, type Kysely } from 'kysely'

/**
 * One consent policy for every way money leaves a business: a session's step-up (the password
 * and second factor given for an act, valid a few minutes), the payout limits the operator sets
 * per business, and the audit of every decision, allowed or refused. New tables only, so a
 * database holding data upgrades as it is: no business has limits until the operator sets them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('consent_step_ups')
    .addColumn('session_id_hash', 'text', (c) =>
      c.primaryKey().references('sessions.id_hash').onDelete('cascade'),
    )
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('payout_limits')
    .addColumn('business_id', 'uuid', (c) =>
      c.primaryKey().references('businesses.id').onDelete('cascade'),
    )
    .addColumn('per_payout_sat', 'bigint', (c) => c.check(sql`per_payout_sat > 0`))
    .addColumn('per_day_sat', 'bigint', (c) => c.check(sql`per_day_sat > 0`))
    .addColumn('set_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('consent_decisions')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('business_id', 'uuid', (c) => c.references('businesses.id').onDelete('set null'))
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    /** who acted: `user`, or `staff` for a refund made at a terminal */
    .addColumn('actor', 'text', (c) => c.notNull().check(sql`actor in ('user', 'staff')`))
    .addColumn('action', 'text', (c) =>
      c
        .notNull()
        .check(sql`action in ('withdrawal', 'refund', 'loop_out', 'autoloop', 'wallet_replace')`),
    )
    .addColumn('destination', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('amount_sat', 'bigint')
    .addColumn('outcome', 'text', (c) => c.notNull().check(sql`outcome in ('allowed', 'refused')`))
    /** the refusal's catalogue code; for an allowed act, how it was consented (step-up, staff) */
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`CREATE INDEX consent_decisions_business
    ON consent_decisions (business_id, created_at DESC)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('consent_decisions').execute()
  await db.schema.dropTable('payout_limits').execute()
  await db.schema.dropTable('consent_step_ups').execute()
}
