/**
 * Which server instance holds each own node's channel backup subscription: a lease taken when
 * free or lapsed, renewed by its holder (all of an instance's in one statement), released on a
 * clean stop.
 */
import { sql } from 'kysely'
import type { Db } from '../../db/database'

const interval = (ms: number) => sql`${`${ms} milliseconds`}::interval`

export function createBackupLeaseRepo(db: Db) {
  return {
    /** Takes (when free or lapsed) or renews these leases; the businesses `holder` now holds. */
    async acquire(businessIds: readonly string[], holder: string, leaseMs: number) {
      if (businessIds.length === 0) return []
      const res = await sql<{ businessId: string }>`
        INSERT INTO node_backup_leases (business_id, holder, expires_at)
        SELECT id, ${holder}, now() + ${interval(leaseMs)}
        FROM unnest(${[...businessIds]}::uuid[]) AS id
        WHERE NOT EXISTS (
          SELECT 1 FROM node_backup_leases l
          WHERE l.business_id = id AND l.holder <> ${holder} AND l.expires_at >= now())
        ON CONFLICT (business_id) DO UPDATE
          SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
          WHERE node_backup_leases.holder = EXCLUDED.holder
            OR node_backup_leases.expires_at < now()
        RETURNING business_id AS "businessId"`.execute(db)
      return res.rows.map((r) => r.businessId)
    },

    /** Renews every lease `holder` still holds; the businesses they are for. */
    async renewAll(holder: string, leaseMs: number): Promise<string[]> {
      const res = await sql<{ businessId: string }>`
        UPDATE node_backup_leases SET expires_at = now() + ${interval(leaseMs)}
        WHERE holder = ${holder}
        RETURNING business_id AS "businessId"`.execute(db)
      return res.rows.map((r) => r.businessId)
    },

    async release(businessIds: readonly string[], holder: string): Promise<void> {
      if (businessIds.length === 0) return
      await db
        .deleteFrom('nodeBackupLeases')
        .where('businessId', 'in', [...businessIds])
        .where('holder', '=', holder)
        .execute()
    },

    /** Own nodes that are ready and whose subscription no live lease holds. */
    async unheldReadyNodes(limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('lightningNodes as n')
        .leftJoin('nodeBackupLeases as l', 'l.businessId', 'n.businessId')
        .select('n.businessId')
        .where('n.macaroonSealed', 'is not', null)
        .where(sql<boolean>`n.status @> '{"isReady": true}'::jsonb`)
        .where((eb) =>
          eb.or([eb('l.businessId', 'is', null), eb('l.expiresAt', '<', sql<Date>`now()`)]),
        )
        .orderBy('n.businessId')
        .limit(limit)
        .execute()
      return rows.map((r) => r.businessId)
    },
  }
}

export type BackupLeaseRepo = ReturnType<typeof createBackupLeaseRepo>
