import { sql, type Kysely } from 'kysely'

/**
 * The watchers ask, every few seconds, for a business's open payments that lapsed and for its
 * open on-chain ones. With many invoices open at once those must not scan every open payment.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX payments_open_expiry ON payments (business_id, expires_at)
    WHERE status IN ('pending', 'processing')`.execute(db)
  await sql`CREATE INDEX payments_open_address ON payments (business_id)
    WHERE status IN ('pending', 'processing') AND address IS NOT NULL`.execute(db)
  // Served by payments_open_expiry (same leading column, same condition).
  await sql`DROP INDEX payments_open`.execute(db)
  // Memo search: each insert updates the trigram index itself, instead of a pending list that
  // an unlucky insert has to merge (a stall of a hundred milliseconds under steady load).
  await sql`ALTER INDEX payments_memo_trgm SET (fastupdate = off)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER INDEX payments_memo_trgm RESET (fastupdate)`.execute(db)
  await sql`CREATE INDEX payments_open ON payments (business_id)
    WHERE status IN ('pending', 'processing')`.execute(db)
  await sql`DROP INDEX payments_open_address`.execute(db)
  await sql`DROP INDEX payments_open_expiry`.execute(db)
}
