import { sql, type Kysely } from 'kysely'

/**
 * Wallet leases kept alive by one heartbeat per server instance instead of renewing every
 * lease: `watcher_instances` holds each instance's `alive_until`, renewed with one row whatever
 * the number of businesses it watches. A lease is live while its own `expires_at` has not passed
 * (leases taken or renewed the earlier way, by an instance still running the previous release)
 * or while its holder's heartbeat has not; `live_wallet_leases` is that rule, in one place.
 * Existing leases keep working: their `expires_at` still counts until it passes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('watcher_instances')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('alive_until', 'timestamptz', (c) => c.notNull())
    .execute()
  await sql`
    CREATE VIEW live_wallet_leases AS
    SELECT l.business_id, l.holder FROM wallet_leases l
    WHERE l.expires_at >= now()
       OR EXISTS (SELECT 1 FROM watcher_instances w
                  WHERE w.id = l.holder AND w.alive_until >= now())`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP VIEW live_wallet_leases`.execute(db)
  await db.schema.dropTable('watcher_instances').execute()
}
