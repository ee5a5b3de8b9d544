import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  // A business's own Lightning node. The node password is never stored: the seed words are
  // sealed under a key derived from it; the macaroon is sealed with the platform key.
  await db.schema
    .createTable('lightning_nodes')
    .addColumn('business_id', 'uuid', (c) =>
      c.primaryKey().references('businesses.id').onDelete('cascade'),
    )
    .addColumn('host_kind', 'text', (c) => c.notNull())
    .addColumn('host_node_id', 'text', (c) => c.notNull())
    .addColumn('rest_url', 'text')
    .addColumn('loop_rest_url', 'text')
    .addColumn('tls_cert_pem', 'text')
    .addColumn('pubkey', 'text')
    .addColumn('macaroon_sealed', 'text')
    .addColumn('seed_sealed', 'text')
    .addColumn('initialised_at', 'timestamptz')
    .addColumn('seed_confirmed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('lnd_pool_nodes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('rest_url', 'text', (c) => c.notNull())
    .addColumn('loop_rest_url', 'text')
    .addColumn('tls_cert_pem', 'text', (c) => c.notNull())
    .addColumn('business_id', 'uuid', (c) => c.unique().references('businesses.id'))
    .addColumn('assigned_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  // On-chain invoices: an address, an amount, and what arrived (channel deposits for now).
  await db.schema
    .createTable('onchain_invoices')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('business_id', 'uuid', (c) =>
      c.notNull().references('businesses.id').onDelete('cascade'),
    )
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('amount_sat', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('unused'))
    .addColumn('confirmations', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('received_sat', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('txid', 'text')
    .addColumn('channel_state', 'text', (c) => c.notNull().defaultTo('waiting_for_deposit'))
    .addColumn('channel_point', 'text')
    .addColumn('channel_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('onchain_invoices_business')
    .on('onchain_invoices')
    .columns(['business_id', 'created_at'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('onchain_invoices').execute()
  await db.schema.dropTable('lnd_pool_nodes').execute()
  await db.schema.dropTable('lightning_nodes').execute()
}
