import { sql, type Kysely } from 'kysely'

/**
 * The last nonce each exchange API key used (by its SHA-256), shared by every server instance;
 * and an index for the job that deletes lapsed rate-limit counters. New table and index only:
 * existing rows are kept, and nonces taken from here stay above those sent before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('exchange_nonces')
    .addColumn('key_hash', 'text', (c) => c.primaryKey())
    .addColumn('last_nonce', 'int8', (c) => c.notNull().check(sql`last_nonce > 0`))
    .execute()
  await db.schema.createIndex('rate_limits_expire').on('rate_limits').column('expire').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('rate_limits_expire').execute()
  await db.schema.dropTable('exchange_nonces').execute()
}
