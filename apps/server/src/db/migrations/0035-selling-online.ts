import { sql, type Kysely } from 'kysely'

/**
 * Selling online: API keys of a business (hashed, with scopes), invoices (one payment of the
 * payment flow with the shop's order details around it; `/pay/{id}` is its checkout page),
 * payment links that make them, and the business's webhooks for invoice events with their
 * delivery log. New tables only: a database holding data upgrades as it is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('business_id', 'uuid', (c) =>
      c.notNull().references('businesses.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    /** the key's first characters, to tell keys apart in lists */
    .addColumn('shown_prefix', 'text', (c) => c.notNull())
    /** sha256 of the whole key, hex: the key itself is shown once and never stored */
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('scopes', sql`text[]`, (c) => c.notNull())
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute()
  await db.schema.createIndex('api_keys_business').on('api_keys').column('business_id').execute()

  await db.schema
    .createTable('payment_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('business_id', 'uuid', (c) =>
      c.notNull().references('businesses.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    /** null: the customer enters the amount */
    .addColumn('amount', 'bigint', (c) => c.check(sql`amount > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('max_uses', 'integer', (c) => c.check(sql`max_uses > 0`))
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active_until', 'timestamptz')
    .addColumn('redirect_url', 'text')
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('payment_links_uses_within', sql`max_uses IS NULL OR uses <= max_uses`)
    .execute()
  await db.schema
    .createIndex('payment_links_business')
    .on('payment_links')
    .columns(['business_id', 'created_at'])
    .execute()

  await db.schema
    .createTable('invoices')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('business_id', 'uuid', (c) =>
      c.notNull().references('businesses.id').onDelete('cascade'),
    )
    /** the payment of the payment flow (Lightning and on-chain in one), once it is asked for */
    .addColumn('payment_id', 'uuid', (c) => c.references('payments.id').onDelete('set null'))
    /** a Cashu token that paid it instead */
    .addColumn('ecash_payment_id', 'uuid', (c) => c.references('payments.id').onDelete('set null'))
    .addColumn('payment_link_id', 'text', (c) =>
      c.references('payment_links.id').onDelete('set null'),
    )
    .addColumn('api_key_id', 'uuid', (c) => c.references('api_keys.id').onDelete('set null'))
    /** as created: minor units of `currency`, or sats when it is SAT */
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    /** the amount in sats at the rate held until it expires */
    .addColumn('amount_sat', 'bigint', (c) => c.notNull())
    .addColumn('order_id', 'text')
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('metadata', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('redirect_url', 'text')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('idempotency_key', 'text')
    /** its status and exception as last announced (webhooks are made from their changes) */
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
    .addColumn('exception', 'text')
    .addColumn('first_paid_at', 'timestamptz')
    .addColumn('settled_at', 'timestamptz')
    .addColumn('invalidated_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('invoices_idempotency', ['business_id', 'idempotency_key'])
    .execute()
  await db.schema
    .createIndex('invoices_business_created')
    .on('invoices')
    .columns(['business_id', 'created_at', 'id'])
    .execute()
  await db.schema
    .createIndex('invoices_business_order')
    .on('invoices')
    .columns(['business_id', 'order_id'])
    .where(sql.ref('order_id'), 'is not', null)
    .execute()
  await db.schema.createIndex('invoices_payment').on('invoices').column('payment_id').execute()
  await db.schema
    .createIndex('invoices_ecash_payment')
    .on('invoices')
    .column('ecash_payment_id')
    .execute()
  await db.schema
    .createIndex('invoices_link')
    .on('invoices')
    .column('payment_link_id')
    .where(sql.ref('payment_link_id'), 'is not', null)
    .execute()
  await db.schema
    .createIndex('invoices_open')
    .on('invoices')
    .columns(['status', 'expires_at'])
    .where(sql.ref('status'), 'in', sql`('new', 'processing')`)
    .execute()

  await db.schema
    .createTable('business_webhooks')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('business_id', 'uuid', (c) =>
      c.notNull().references('businesses.id').onDelete('cascade'),
    )
    .addColumn('url', 'text', (c) => c.notNull())
    /** the signing secret, sealed (shown once) */
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('events', sql`text[]`, (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('business_webhooks_business')
    .on('business_webhooks')
    .column('business_id')
    .execute()

  await db.schema
    .createTable('invoice_webhook_deliveries')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('webhook_id', 'uuid', (c) =>
      c.notNull().references('business_webhooks.id').onDelete('cascade'),
    )
    .addColumn('business_id', 'uuid', (c) =>
      c.notNull().references('businesses.id').onDelete('cascade'),
    )
    .addColumn('invoice_id', 'uuid', (c) => c.references('invoices.id').onDelete('cascade'))
    .addColumn('event', 'text', (c) => c.notNull())
    /** the body as first made: a retry or a redelivery sends it again, signed anew */
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    /** the delivery this one sends again from the dashboard */
    .addColumn('redelivery_of', 'uuid', (c) =>
      c.references('invoice_webhook_deliveries.id').onDelete('set null'),
    )
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status IN ('pending', 'delivered', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_status_code', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('delivered_at', 'timestamptz')
    .execute()
  await sql`CREATE UNIQUE INDEX invoice_webhook_deliveries_once
    ON invoice_webhook_deliveries (webhook_id, invoice_id, event)
    WHERE redelivery_of IS NULL AND invoice_id IS NOT NULL`.execute(db)
  await db.schema
    .createIndex('invoice_webhook_deliveries_due')
    .on('invoice_webhook_deliveries')
    .column('next_attempt_at')
    .where(sql.ref('status'), '=', 'pending')
    .execute()
  await db.schema
    .createIndex('invoice_webhook_deliveries_business')
    .on('invoice_webhook_deliveries')
    .columns(['business_id', 'created_at'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('invoice_webhook_deliveries').execute()
  await db.schema.dropTable('business_webhooks').execute()
  await db.schema.dropTable('invoices').execute()
  await db.schema.dropTable('payment_links').execute()
  await db.schema.dropTable('api_keys').execute()
}
