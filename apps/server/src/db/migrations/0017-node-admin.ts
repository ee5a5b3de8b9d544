import { sql, type Kysely } from 'kysely'

/**
 * Node administration: the latest static channel backup of each merchant node (kept sealed,
 * replaced on every channel change), the node versions the operator publishes, and each node
 * update a merchant starts with the state it has reached. New tables only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('node_channel_backups')
    .addColumn('business_id', 'uuid', (c) =>
      c.primaryKey().references('lightning_nodes.business_id').onDelete('cascade'),
    )
    /** lnd's multi-channel backup (base64), sealed with APP_SECRET */
    .addColumn('backup_sealed', 'text', (c) => c.notNull())
    /** the channel points it covers, sorted (a change of them means a new backup is due) */
    .addColumn('channel_points', 'jsonb', (c) => c.notNull())
    /** when the node verified it */
    .addColumn('verified_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('node_versions')
    .addColumn('version', 'text', (c) => c.primaryKey())
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('published_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('node_updates')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('business_id', 'uuid', (c) =>
      c.notNull().references('lightning_nodes.business_id').onDelete('cascade'),
    )
    .addColumn('from_version', 'text', (c) => c.notNull())
    .addColumn('to_version', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('requested')
        .check(sql`state in ('requested', 'updating', 'done', 'failed')`),
    )
    .addColumn('failure_reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  // one update under way per node
  await sql`CREATE UNIQUE INDEX node_updates_one_open
    ON node_updates (business_id) WHERE state IN ('requested', 'updating')`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('node_updates').execute()
  await db.schema.dropTable('node_versions').execute()
  await db.schema.dropTable('node_channel_backups').execute()
}
