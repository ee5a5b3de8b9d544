import { sql, type Kysely } from 'kysely'

/**
 * Ecash the platform swaps is restorable from its mint: the platform's wallet seed (NUT-13,
 * sealed), the next counter of each mint keyset it derives outputs from, and each redemption's
 * progress with the counters it reserved (before asking the mint) and its melt quote, so a job
 * can finish a redemption whose answer was lost: restore its proofs (NUT-09) or look up its melt.
 * New tables only: existing payments and held ecash are left as they are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ecash_wallet_seed')
    .addColumn('id', 'int2', (c) =>
      c
        .primaryKey()
        .defaultTo(1)
        .check(sql`id = 1`),
    )
    // the BIP39 words, sealed with the app secret
    .addColumn('mnemonic_sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createTable('ecash_counters')
    .addColumn('mint_url', 'text', (c) => c.notNull())
    .addColumn('keyset_id', 'text', (c) => c.notNull())
    .addColumn('next', 'int4', (c) => c.notNull().check(sql`next >= 0`))
    .addPrimaryKeyConstraint('ecash_counters_pk', ['mint_url', 'keyset_id'])
    .execute()
  await db.schema
    .createTable('ecash_redemptions')
    .addColumn('payment_id', 'uuid', (c) =>
      c.primaryKey().references('payments.id').onDelete('cascade'),
    )
    .addColumn('business_id', 'uuid', (c) =>
      c.notNull().references('businesses.id').onDelete('cascade'),
    )
    .addColumn('mint_url', 'text', (c) => c.notNull())
    .addColumn('token_sat', 'int8', (c) => c.notNull())
    // the business's currency when the payer paid, for the fiat value at settlement
    .addColumn('currency', 'text')
    .addColumn('stage', 'text', (c) => c.notNull().check(sql`stage IN ('swap', 'melt', 'done')`))
    // [{keysetId, start, count}]: every output derived for this redemption
    .addColumn('counters', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('invoice_sat', 'int8')
    .addColumn('melt_quote', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`CREATE INDEX ecash_redemptions_open ON ecash_redemptions (updated_at)
    WHERE stage <> 'done'`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ecash_redemptions').execute()
  await db.schema.dropTable('ecash_counters').execute()
  await db.schema.dropTable('ecash_wallet_seed').execute()
}
