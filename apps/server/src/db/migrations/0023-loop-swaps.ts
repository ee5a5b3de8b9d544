import { sql, type Kysely } from 'kysely'

/**
 * Loop swaps of merchants' own nodes: a manual loop out is a row (with its idempotency key)
 * before it is a request to loopd; swaps autoloop starts are recorded when first seen. Autoloop's
 * settings stay in loopd. Also which server instance holds each own node's channel backup
 * subscription (a lease like the wallet watchers'), and the updates of pool nodes sent to the
 * operator's tooling. New tables only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('loop_swaps')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('business_id', 'uuid', (c) =>
      c.notNull().references('businesses.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('initiator', 'text', (c) =>
      c.notNull().check(sql`initiator in ('merchant', 'autoloop')`),
    )
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    /** loopd's swap hash (hex), once loopd accepted the swap */
    .addColumn('swap_id', 'text')
    .addColumn('amount_sat', 'bigint', (c) => c.notNull().check(sql`amount_sat > 0`))
    .addColumn('dest_address', 'text')
    .addColumn('swap_fee_sat', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('prepay_sat', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('sweep_fee_sat', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('conf_target', 'integer', (c) => c.notNull().defaultTo(9))
    .addColumn('cost_sat', 'bigint')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(
          sql`status in ('pending', 'initiated', 'htlc_published', 'preimage_revealed', 'succeeded', 'failed', 'unknown')`,
        ),
    )
    .addColumn('failure_reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute()
  await sql`CREATE UNIQUE INDEX loop_swaps_idempotency
    ON loop_swaps (business_id, idempotency_key)`.execute(db)
  await sql`CREATE UNIQUE INDEX loop_swaps_swap_id ON loop_swaps (business_id, swap_id)
    WHERE swap_id IS NOT NULL`.execute(db)
  await sql`CREATE INDEX loop_swaps_list ON loop_swaps (business_id, created_at DESC)`.execute(db)
  await sql`CREATE INDEX loop_swaps_open ON loop_swaps (updated_at)
    WHERE status NOT IN ('succeeded', 'failed')`.execute(db)

  await db.schema
    .createTable('node_backup_leases')
    .addColumn('business_id', 'uuid', (c) =>
      c.primaryKey().references('businesses.id').onDelete('cascade'),
    )
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute()

  // Updates of pool nodes sent to the operator's tooling: pending until lnd comes back locked.
  await db.schema
    .createTable('lnd_pool_node_updates')
    .addColumn('pool_node_id', 'uuid', (c) =>
      c.primaryKey().references('lnd_pool_nodes.id').onDelete('cascade'),
    )
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('done_at', 'timestamptz')
    .execute()
}
