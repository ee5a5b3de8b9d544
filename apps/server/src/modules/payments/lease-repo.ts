/**
 * Wallet leases: which server instance watches which business's wallet. A lease is taken when
 * free or lapsed, renewed by its holder (all of an instance's leases in one statement), and
 * released on a clean stop.
 */
import { sql } from 'kysely'
import type { Db } from '../../db/database'

export interface LeaseRepo {
  /**
   * Takes (when free or lapsed) or renews the leases for `leaseMs`; the businesses whose lease
   * `holder` now holds. Another holder's live lease is skipped without a lock.
   */
  acquire(businessIds: readonly string[], holder: string, leaseMs: number): Promise<string[]>
  /** Renews every lease `holder` still holds, in one statement; the businesses they are for. */
  renewAll(holder: string, leaseMs: number): Promise<string[]>
  release(businessIds: readonly string[], holder: string): Promise<void>
}

const interval = (ms: number) => sql`${`${ms} milliseconds`}::interval`

export function createLeaseRepo(db: Db): LeaseRepo {
  return {
    async acquire(businessIds, holder, leaseMs) {
      if (businessIds.length === 0) return []
      const res = await sql<{ businessId: string }>`
        INSERT INTO wallet_leases (business_id, holder, expires_at)
        SELECT id, ${holder}, now() + ${interval(leaseMs)}
        FROM unnest(${[...businessIds]}::uuid[]) AS id
        -- a live lease of another holder is left alone (not even locked)
        WHERE NOT EXISTS (
          SELECT 1 FROM wallet_leases l
          WHERE l.business_id = id AND l.holder <> ${holder} AND l.expires_at >= now())
        ON CONFLICT (business_id) DO UPDATE
          SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
          WHERE wallet_leases.holder = EXCLUDED.holder OR wallet_leases.expires_at < now()
        RETURNING business_id AS "businessId"`.execute(db)
      return res.rows.map((r) => r.businessId)
    },

    async renewAll(holder, leaseMs) {
      const res = await sql<{ businessId: string }>`
        UPDATE wallet_leases SET expires_at = now() + ${interval(leaseMs)}
        WHERE holder = ${holder}
        RETURNING business_id AS "businessId"`.execute(db)
      return res.rows.map((r) => r.businessId)
    },

    async release(businessIds, holder) {
      if (businessIds.length === 0) return
      await db
        .deleteFrom('walletLeases')
        .where('businessId', 'in', [...businessIds])
        .where('holder', '=', holder)
        .execute()
    },
  }
}
