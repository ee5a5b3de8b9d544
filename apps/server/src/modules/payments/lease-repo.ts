/**
 * Wallet leases: which server instance watches which business's wallet. A lease is taken when
 * free or lapsed and released on a clean stop; it stays live while its holder's heartbeat does
 * (`watcher_instances`, one row per instance, renewed in one small statement however many
 * businesses the instance watches). `live_wallet_leases` (migration 0024) is the rule.
 */
import { sql } from 'kysely'
import type { Db } from '../../db/database'

export interface LeaseRepo {
  /**
   * Takes the leases that are free or lapsed (or already `holder`'s) for `leaseMs`, beating
   * `holder`'s heart first; the businesses whose lease `holder` now holds. Another holder's live
   * lease is skipped without a lock.
   */
  acquire(businessIds: readonly string[], holder: string, leaseMs: number): Promise<string[]>
  /**
   * Renews `holder`'s heartbeat for `leaseMs`. Null when it had not lapsed (no lease can have
   * been taken from it); otherwise the businesses whose lease it still holds.
   */
  renewAll(holder: string, leaseMs: number): Promise<string[] | null>
  release(businessIds: readonly string[], holder: string): Promise<void>
  /** A clean stop: `holder`'s heartbeat ends (release its leases first). */
  retire(holder: string): Promise<void>
  /** The instances whose heart beats, each with how long it stays alive without another beat. */
  liveInstances(): Promise<{ id: string; aliveForMs: number }[]>
}

const interval = (ms: number) => sql`${`${ms} milliseconds`}::interval`

export function createLeaseRepo(db: Db): LeaseRepo {
  /** The heartbeat, renewed; whether it had lapsed (or never beat) before. */
  async function beat(holder: string, leaseMs: number): Promise<boolean> {
    const { rows } = await sql<{ lapsed: boolean }>`
      WITH before AS (SELECT alive_until FROM watcher_instances WHERE id = ${holder})
      INSERT INTO watcher_instances (id, alive_until)
      VALUES (${holder}, now() + ${interval(leaseMs)})
      ON CONFLICT (id) DO UPDATE SET alive_until = EXCLUDED.alive_until
      RETURNING coalesce((SELECT alive_until < now() FROM before), true) AS lapsed`.execute(db)
    return rows[0]?.lapsed ?? true
  }

  return {
    async acquire(businessIds, holder, leaseMs) {
      if (businessIds.length === 0) return []
      await beat(holder, leaseMs)
      const res = await sql<{ businessId: string }>`
        INSERT INTO wallet_leases (business_id, holder, expires_at)
        SELECT id, ${holder}, now() + ${interval(leaseMs)}
        FROM unnest(${[...businessIds]}::uuid[]) AS id
        -- a live lease of another holder is left alone (not even locked)
        WHERE NOT EXISTS (
          SELECT 1 FROM live_wallet_leases l WHERE l.business_id = id AND l.holder <> ${holder})
        ON CONFLICT (business_id) DO UPDATE
          SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
          WHERE wallet_leases.holder = EXCLUDED.holder
             -- The row's own expiry first: it is the newest version, while the view is read as
             -- of this statement's start and misses a lease another instance has just taken.
             OR (wallet_leases.expires_at < now()
                 AND NOT EXISTS (SELECT 1 FROM live_wallet_leases l
                                 WHERE l.business_id = wallet_leases.business_id))
        RETURNING business_id AS "businessId"`.execute(db)
      return res.rows.map((r) => r.businessId)
    },

    async renewAll(holder, leaseMs) {
      if (!(await beat(holder, leaseMs))) return null
      // The heart had stopped: another instance may have taken some of these meanwhile.
      const held = await db
        .selectFrom('walletLeases')
        .select('businessId')
        .where('holder', '=', holder)
        .execute()
      return held.map((r) => r.businessId)
    },

    async release(businessIds, holder) {
      if (businessIds.length === 0) return
      await db
        .deleteFrom('walletLeases')
        .where('businessId', 'in', [...businessIds])
        .where('holder', '=', holder)
        .execute()
    },

    async retire(holder) {
      await db.deleteFrom('watcherInstances').where('id', '=', holder).execute()
    },

    async liveInstances() {
      // Measured on the database's clock, so that instances' clocks need not agree.
      const { rows } = await sql<{ id: string; aliveForMs: number }>`
        SELECT id, (extract(epoch FROM alive_until - now()) * 1000)::float8 AS "aliveForMs"
        FROM watcher_instances WHERE alive_until > now()`.execute(db)
      return rows
    },
  }
}
