/**
 * Wallet leases: which server instance watches which business's wallet. A lease is taken when
 * free or lapsed, renewed by its holder, and released on a clean stop.
 */
import { sql } from 'kysely'
import type { Db } from '../../db/database'

export interface LeaseRepo {
  /** Takes or renews the lease for `leaseMs`; whether `holder` now holds it. */
  acquire(businessId: string, holder: string, leaseMs: number): Promise<boolean>
  release(businessId: string, holder: string): Promise<void>
}

export function createLeaseRepo(db: Db): LeaseRepo {
  return {
    async acquire(businessId, holder, leaseMs) {
      const res = await sql<{ holder: string }>`
        INSERT INTO wallet_leases (business_id, holder, expires_at)
        VALUES (${businessId}, ${holder}, now() + ${`${leaseMs} milliseconds`}::interval)
        ON CONFLICT (business_id) DO UPDATE
          SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
          WHERE wallet_leases.holder = EXCLUDED.holder OR wallet_leases.expires_at < now()
        RETURNING holder`.execute(db)
      return res.rows[0]?.holder === holder
    },

    async release(businessId, holder) {
      await db
        .deleteFrom('walletLeases')
        .where('businessId', '=', businessId)
        .where('holder', '=', holder)
        .execute()
    },
  }
}
