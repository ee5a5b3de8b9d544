import { sql, type Kysely } from 'kysely'

/**
 * Withdrawals (money sent out of a business's wallet), the operator's address denylist and the
 * audit of every screening decision. New tables only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // A withdrawal is a row before it is a request to the wallet.
  await db.schema
    .createTable('withdrawals')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('business_id', 'uuid', (c) =>
      c.notNull().references('businesses.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('wallet_kind', 'text', (c) =>
      c.notNull().check(sql`wallet_kind in ('lnd', 'nwc', 'exchange')`),
    )
    .addColumn('rail', 'text', (c) => c.notNull().check(sql`rail in ('lightning', 'onchain')`))
    .addColumn('destination_type', 'text', (c) => c.notNull())
    /** what the user gave (an invoice, a Lightning address, an address, a URI) */
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('address', 'text')
    .addColumn('payment_request', 'text')
    .addColumn('payment_hash', 'text')
    .addColumn('exchange_key', 'text')
    .addColumn('amount_sat', 'bigint', (c) => c.notNull().check(sql`amount_sat >= 0`))
    .addColumn('fee_limit_sat', 'bigint')
    .addColumn('fee_rate_sat_vb', 'integer')
    .addColumn('sweep_all', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('fee_sat', 'bigint')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'sending', 'succeeded', 'failed', 'unknown')`),
    )
    .addColumn('failure_reason', 'text')
    .addColumn('txid', 'text')
    .addColumn('preimage', 'text')
    .addColumn('exchange_ref', 'text')
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .execute()
  await sql`CREATE UNIQUE INDEX withdrawals_idempotency
    ON withdrawals (business_id, idempotency_key)`.execute(db)
  // at most one withdrawal being sent (or not yet known) per business wallet
  await sql`CREATE UNIQUE INDEX withdrawals_one_in_flight ON withdrawals (business_id)
    WHERE status IN ('sending', 'unknown')`.execute(db)
  // an invoice is paid once by a business
  await sql`CREATE UNIQUE INDEX withdrawals_invoice_once ON withdrawals (business_id, payment_hash)
    WHERE payment_hash IS NOT NULL AND status <> 'failed'`.execute(db)
  await sql`CREATE INDEX withdrawals_list ON withdrawals (business_id, created_at DESC, id DESC)`.execute(
    db,
  )
  await sql`CREATE INDEX withdrawals_open ON withdrawals (updated_at)
    WHERE status IN ('sending', 'unknown')`.execute(db)

  await db.schema
    .createTable('address_denylist')
    .addColumn('address', 'text', (c) => c.primaryKey())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('added_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('screening_decisions')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('business_id', 'uuid', (c) => c.references('businesses.id').onDelete('set null'))
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('stage', 'text', (c) => c.notNull().check(sql`stage in ('quote', 'send')`))
    .addColumn('list', 'text', (c) => c.notNull().check(sql`list in ('denylist', 'provider')`))
    .addColumn('outcome', 'text', (c) =>
      c.notNull().check(sql`outcome in ('allowed', 'denied', 'flagged', 'unavailable')`),
    )
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`CREATE INDEX screening_decisions_address ON screening_decisions (address, created_at DESC)`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('screening_decisions').execute()
  await db.schema.dropTable('address_denylist').execute()
  await db.schema.dropTable('withdrawals').execute()
}
