import { sql, type Kysely } from 'kysely'

/**
 * Channel deposits are looked at fairly and end: `checked_at` is when the deposit job last looked
 * at a deposit (never looked at first, then the longest unchecked), `expired_at` when an unpaid
 * deposit was given up. A failed or manual opening is told to pages as a catalogue code
 * (`channel_error_code`); what the node said stays in the server's log, so the text already
 * stored is replaced by the sentence of its state. Open tip invoices are counted per tip page.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('onchain_invoices')
    .addColumn('checked_at', 'timestamptz')
    .addColumn('expired_at', 'timestamptz')
    .addColumn('channel_error_code', 'text')
    .execute()
  await sql`UPDATE onchain_invoices SET
      channel_error_code = CASE channel_state
        WHEN 'manual' THEN 'CHANNEL_MANUAL_PROCESSING' ELSE 'CHANNEL_OPEN_FAILED' END,
      channel_error = CASE channel_state
        WHEN 'manual' THEN 'Manual processing required' ELSE 'Error opening the channel' END
    WHERE channel_error IS NOT NULL`.execute(db)
  await sql`CREATE INDEX onchain_invoices_deposit_checks ON onchain_invoices
    (checked_at NULLS FIRST, created_at)
    WHERE purpose = 'channel_deposit' AND expired_at IS NULL
      AND channel_state IN ('waiting_for_deposit', 'opening', 'manual')`.execute(db)
  await sql`CREATE INDEX payments_open_tips ON payments (tip_page_id)
    WHERE status = 'pending' AND tip_page_id IS NOT NULL`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX payments_open_tips`.execute(db)
  await sql`DROP INDEX onchain_invoices_deposit_checks`.execute(db)
  await db.schema
    .alterTable('onchain_invoices')
    .dropColumn('checked_at')
    .dropColumn('expired_at')
    .dropColumn('channel_error_code')
    .execute()
}
