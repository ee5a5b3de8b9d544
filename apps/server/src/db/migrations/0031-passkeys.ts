import { sql, type Kysely } from 'kysely'

/**
 * Passkeys (WebAuthn) per account, and the challenges of their ceremonies: each challenge is
 * kept server-side, single-use (deleted when taken), short-lived, and bound to what asked for
 * it (a registration or a step-up to the user's session; a sign-in to its attempt), with the
 * origin and site (RP ID) it was given for. New tables only: a database holding data upgrades
 * as it is, and no account has a passkey until its user registers one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** the credential id, base64url: one account only */
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    /** the COSE public key */
    .addColumn('public_key', 'bytea', (c) => c.notNull())
    /** the authenticator's signature counter; 0 for those that keep none */
    .addColumn('counter', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`counter >= 0`),
    )
    .addColumn('transports', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    /** the WebAuthn user handle the passkey was made for (base64url), the same for an account */
    .addColumn('user_handle', 'text', (c) => c.notNull())
    .addColumn('device_type', 'text', (c) =>
      c.notNull().check(sql`device_type in ('singleDevice', 'multiDevice')`),
    )
    .addColumn('is_backed_up', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('name', 'text', (c) => c.notNull().check(sql`char_length(name) between 1 and 64`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .execute()
  await db.schema.createIndex('passkeys_user_id').on('passkeys').column('user_id').execute()

  await db.schema
    .createTable('passkey_challenges')
    /** the challenge itself, base64url (random, 32 bytes) */
    .addColumn('challenge', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) =>
      c.notNull().check(sql`purpose in ('register', 'sign-in', 'step-up')`),
    )
    /** whose registration or step-up; null for a sign-in (the passkey names its user) */
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('session_id_hash', 'text', (c) =>
      c.references('sessions.id_hash').onDelete('cascade'),
    )
    /** a registration's: the user handle the new passkey is made for */
    .addColumn('user_handle', 'text')
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('rp_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'passkey_challenges_bound',
      sql`purpose = 'sign-in' OR (user_id IS NOT NULL AND session_id_hash IS NOT NULL)`,
    )
    .execute()
  await db.schema
    .createIndex('passkey_challenges_expires_at')
    .on('passkey_challenges')
    .column('expires_at')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('passkey_challenges').execute()
  await db.schema.dropTable('passkeys').execute()
}
