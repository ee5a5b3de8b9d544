import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  // Ecash the platform holds for a business: change a mint returned after paying the business's
  // invoice, or proofs kept when a redemption could not finish (an operator refunds them).
  await db.schema
    .createTable('ecash_change')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('business_id', 'uuid', (c) =>
      c.notNull().references('businesses.id').onDelete('cascade'),
    )
    .addColumn('payment_id', 'uuid', (c) => c.references('payments.id').onDelete('set null'))
    .addColumn('mint_url', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().check(sql`reason IN ('change', 'kept')`))
    .addColumn('amount_sat', 'int8', (c) => c.notNull())
    // the proofs as JSON, sealed with the app secret: whoever holds them can spend them
    .addColumn('proofs', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('ecash_change_business')
    .on('ecash_change')
    .columns(['business_id', 'created_at'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ecash_change').execute()
}
