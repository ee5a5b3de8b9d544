import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('businesses').addColumn('currency', 'text').execute()

  await db.schema
    .createTable('business_applications')
    .addColumn('business_id', 'uuid', (c) =>
      c.primaryKey().references('businesses.id').onDelete('cascade'),
    )
    .addColumn('company', 'jsonb')
    .addColumn('director', 'jsonb')
    .addColumn('financial', 'jsonb')
    .addColumn('pci', 'jsonb')
    .addColumn('operations', 'jsonb')
    .addColumn('terms_version', 'text')
    .addColumn('terms_accepted_at', 'timestamptz')
    .addColumn('submitted_at', 'timestamptz')
    .addColumn('review_status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('review_reason', 'text')
    .addColumn('reviewed_by', 'uuid', (c) => c.references('users.id'))
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('business_applications_review')
    .on('business_applications')
    .columns(['review_status', 'submitted_at'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('business_applications').execute()
  await db.schema.alterTable('businesses').dropColumn('currency').execute()
}
