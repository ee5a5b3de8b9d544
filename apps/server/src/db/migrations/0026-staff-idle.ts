import { sql, type Kysely } from 'kysely'

/**
 * A staff member's last use of a terminal: `device_sessions.staff_active_at`, set when they sign
 * in and moved on by what they do there (written at most every few seconds), so the server
 * itself signs them out once the business's idle sign-out time has passed. Sessions with a staff
 * member signed in before the upgrade count from the session's last use.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE device_sessions ADD COLUMN staff_active_at timestamptz`.execute(db)
  await sql`UPDATE device_sessions SET staff_active_at = last_seen_at
            WHERE staff_id IS NOT NULL`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE device_sessions DROP COLUMN staff_active_at`.execute(db)
}
