import { sql, type Kysely } from 'kysely'

/**
 * Email as a part of the product: an outbox of mails written in the transaction that causes
 * them (their data sealed, erased once sent), single-use account tokens stored as hashes
 * (password reset, address verification, address change), and per user the language mail is
 * written in and whether the address is verified.
 *
 * Accounts that exist before this migration are not verified, but their payouts keep working
 * for 14 days (`email_verification_due_at`): the dashboard asks them to verify meanwhile. New
 * accounts are due at once (the column's default).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('email_verified_at', 'timestamptz')
    .addColumn('email_verification_due_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('locale', 'text', (c) =>
      c
        .notNull()
        .defaultTo('en')
        .check(sql`locale in ('en', 'de', 'es', 'fr')`),
    )
    .execute()
  await sql`UPDATE users SET email_verification_due_at = now() + interval '14 days'`.execute(db)

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('template', 'text', (c) => c.notNull())
    /** the template's data (links with tokens in them), sealed; null once the mail is sent */
    .addColumn('data_sealed', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .addColumn('failed_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at)
    WHERE sent_at IS NULL AND failed_at IS NULL`.execute(db)

  await db.schema
    .createTable('account_tokens')
    /** sha256 of the token; the token itself is only in the mail */
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) =>
      c.notNull().check(sql`purpose in ('password_reset', 'verify_email', 'change_email')`),
    )
    /** the address the link was sent to (for a change: the new address) */
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`CREATE INDEX account_tokens_user ON account_tokens (user_id, purpose)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_tokens').execute()
  await db.schema.dropTable('mail_outbox').execute()
  await db.schema
    .alterTable('users')
    .dropColumn('email_verified_at')
    .dropColumn('email_verification_due_at')
    .dropColumn('locale')
    .execute()
}
