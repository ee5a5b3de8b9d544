import { sql, type Kysely } from 'kysely'

/**
 * Browsers an account has been signed in from (security notices: a sign-in from a browser not
 * among them is mailed to the account). The browser keeps a random token in a long-lived cookie;
 * only its hash is stored here. A new table only: a database holding data upgrades as it is, and
 * each account's first sign-in afterwards makes its browser known without a notice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('known_browsers')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** sha256 of the cookie's token, hex */
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('known_browsers_pkey', ['user_id', 'token_hash'])
    .execute()
  await db.schema
    .createIndex('known_browsers_last_seen_at')
    .on('known_browsers')
    .column('last_seen_at')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('known_browsers').execute()
}
