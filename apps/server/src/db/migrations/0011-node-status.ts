import { sql, type Kysely } from 'kysely'

/**
 * What the platform last read of each merchant node (host state, wallet state, sync), kept on the
 * node row so that pages follow it through notifications instead of each asking the node:
 * `status` as read, `status_changed_at` when it last differed (the event id pages resume from),
 * `status_checked_at` when it was last read. Existing nodes start with nothing read; the next
 * sweep reads them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('lightning_nodes')
    .addColumn('status', 'jsonb')
    .addColumn('status_changed_at', 'timestamptz')
    .addColumn('status_checked_at', 'timestamptz')
    .execute()
  await sql`CREATE INDEX lightning_nodes_status_checked ON lightning_nodes (status_checked_at)`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX lightning_nodes_status_checked`.execute(db)
  await db.schema
    .alterTable('lightning_nodes')
    .dropColumn('status')
    .dropColumn('status_changed_at')
    .dropColumn('status_checked_at')
    .execute()
}
