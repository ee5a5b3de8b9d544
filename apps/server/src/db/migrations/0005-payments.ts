import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db)

  // Every payment is a row before anything is asked of the wallet.
  await db.schema
    .createTable('payments')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('business_id', 'uuid', (c) =>
      c.notNull().references('businesses.id').onDelete('cascade'),
    )
    .addColumn('method', 'text', (c) =>
      c.notNull().check(sql`method in ('lightning', 'onchain', 'ecash', 'tip')`),
    )
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'processing', 'settled', 'expired', 'failed')`),
    )
    .addColumn('amount_sat', 'bigint', (c) => c.notNull().check(sql`amount_sat >= 0`))
    .addColumn('received_sat', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('fee_sat', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('fiat_minor', 'bigint')
    .addColumn('memo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('device_id', 'uuid')
    .addColumn('tip_page_id', 'uuid')
    .addColumn('payment_hash', 'text')
    .addColumn('payment_request', 'text')
    .addColumn('address', 'text')
    .addColumn('txid', 'text')
    .addColumn('confirmations', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz')
    .addColumn('settled_at', 'timestamptz')
    .addColumn('failure_reason', 'text')
    .addColumn('idempotency_key', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`CREATE UNIQUE INDEX payments_idempotency ON payments (business_id, idempotency_key)
    WHERE idempotency_key IS NOT NULL`.execute(db)
  await sql`CREATE UNIQUE INDEX payments_payment_hash ON payments (payment_hash)
    WHERE payment_hash IS NOT NULL`.execute(db)
  await sql`CREATE INDEX payments_list ON payments (business_id, created_at DESC, id DESC)`.execute(
    db,
  )
  await sql`CREATE INDEX payments_by_status ON payments (business_id, status, created_at DESC, id DESC)`.execute(
    db,
  )
  await sql`CREATE INDEX payments_by_method ON payments (business_id, method, created_at DESC, id DESC)`.execute(
    db,
  )
  await sql`CREATE INDEX payments_open ON payments (business_id)
    WHERE status IN ('pending', 'processing')`.execute(db)
  await sql`CREATE INDEX payments_memo_trgm ON payments USING gin (memo gin_trgm_ops)`.execute(db)

  // Settled totals per business, UTC day and method, kept in the settling transaction.
  await db.schema
    .createTable('payment_daily_totals')
    .addColumn('business_id', 'uuid', (c) =>
      c.notNull().references('businesses.id').onDelete('cascade'),
    )
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('amount_sat', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('fiat_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('payment_daily_totals_pk', ['business_id', 'day', 'method'])
    .execute()

  // Which server instance watches which business's wallet (a lease renewed while alive).
  await db.schema
    .createTable('wallet_leases')
    .addColumn('business_id', 'uuid', (c) =>
      c.primaryKey().references('businesses.id').onDelete('cascade'),
    )
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wallet_leases').execute()
  await db.schema.dropTable('payment_daily_totals').execute()
  await db.schema.dropTable('payments').execute()
}
