import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  // A tip page: its name is the local part of a Lightning address, unique on the whole host.
  await db.schema
    .createTable('tip_pages')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('business_id', 'uuid', (c) =>
      c.notNull().references('businesses.id').onDelete('cascade'),
    )
    .addColumn('short_name', 'text', (c) =>
      c
        .notNull()
        .unique()
        .check(sql`short_name ~ '^[a-z0-9._-]{2,32}$'`),
    )
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('tip_pages_business')
    .on('tip_pages')
    .columns(['business_id', 'created_at'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tip_pages').execute()
}
