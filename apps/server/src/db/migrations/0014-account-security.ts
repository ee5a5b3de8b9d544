import { sql, type Kysely } from 'kysely'

/**
 * Account security: an optional second sign-in factor per user (a TOTP secret sealed with the app
 * secret, the last time step accepted so a code is never taken twice, and single-use recovery
 * codes stored hashed), and what the sessions list shows of each session (a public id, the
 * browser that made it and the address it was last used from).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('totp_secret_sealed', 'text')
    .addColumn('totp_pending_sealed', 'text')
    .addColumn('totp_enabled_at', 'timestamptz')
    .addColumn('totp_last_step', 'bigint')
    .execute()

  await db.schema
    .createTable('recovery_codes')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('recovery_codes_pk', ['user_id', 'code_hash'])
    .execute()

  await db.schema
    .alterTable('sessions')
    .addColumn('id', 'uuid', (c) => c.notNull().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_agent', 'text')
    .addColumn('ip', 'text')
    .execute()
  await sql`CREATE UNIQUE INDEX sessions_id ON sessions (id)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX sessions_id`.execute(db)
  await db.schema
    .alterTable('sessions')
    .dropColumn('id')
    .dropColumn('user_agent')
    .dropColumn('ip')
    .execute()
  await db.schema.dropTable('recovery_codes').execute()
  await db.schema
    .alterTable('users')
    .dropColumn('totp_secret_sealed')
    .dropColumn('totp_pending_sealed')
    .dropColumn('totp_enabled_at')
    .dropColumn('totp_last_step')
    .execute()
}
