/** Deleting rows nothing reads any more. */
import { sql } from 'kysely'
import type { Db } from '../db/database'

export function createCleanupRepo(db: Db) {
  return {
    /**
     * Deletes rate-limit counters (sign-in, sign-up, tip callbacks) whose window ended before
     * `nowMs`, at most `batch` at a time; how many were deleted. A counter still counting or
     * blocking has a later `expire`, and one without `expire` never lapses.
     */
    async deleteLapsedRateLimits(nowMs: number, batch: number): Promise<number> {
      const result = await sql`
        DELETE FROM rate_limits WHERE key IN (
          SELECT key FROM rate_limits WHERE expire < ${nowMs} LIMIT ${batch}
          FOR UPDATE SKIP LOCKED
        )`.execute(db)
      return Number(result.numAffectedRows ?? 0n)
    },

    /**
     * Deletes the heartbeats of server instances dead for over an hour (a killed process
     * leaves its row; a clean stop deletes it), with the leases they still name.
     */
    async deleteDeadInstances(): Promise<number> {
      const result = await sql`
        WITH dead AS (
          DELETE FROM watcher_instances WHERE alive_until < now() - interval '1 hour'
          RETURNING id)
        DELETE FROM wallet_leases l USING dead
        WHERE l.holder = dead.id AND l.expires_at < now()`.execute(db)
      return Number(result.numAffectedRows ?? 0n)
    },

    /**
     * Deletes known browsers unseen for over a year: their cookie has expired, so no browser
     * can present their token any more.
     */
    async deleteForgottenBrowsers(): Promise<number> {
      const result = await sql`
        DELETE FROM known_browsers WHERE last_seen_at < now() - interval '1 year'`.execute(db)
      return Number(result.numAffectedRows ?? 0n)
    },
  }
}

export type CleanupRepo = ReturnType<typeof createCleanupRepo>
