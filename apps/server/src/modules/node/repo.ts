/**
 * Merchant node rows. What was last read of a node (its status) is stored here, and a change of
 * it is announced with pg_notify in the same statement, so pages on any instance follow it.
 */
import { sql, type Selectable, type Transaction } from 'kysely'
import type { Db } from '../../db/database'
import type { Database, LightningNodesTable } from '../../db/schema'
import { UTC_MICROS } from '../../db/rows'

export type NodeRow = Omit<
  Selectable<LightningNodesTable>,
  'updatedAt' | 'status' | 'statusChangedAt' | 'statusCheckedAt'
>

export const NODE_EVENTS_CHANNEL = 'node_events'

/** What a node status change announces: whose node, and when it changed (UTC_MICROS). */
export interface NodeEvent {
  businessId: string
  at: string
}

/** The status last stored for a node, with the time it changed (UTC_MICROS), if ever read. */
export interface StoredStatus {
  status: unknown
  at: string | null
}

type NodePatch = Partial<
  Pick<
    NodeRow,
    | 'hostNodeId'
    | 'restUrl'
    | 'loopRestUrl'
    | 'tlsCertPem'
    | 'pubkey'
    | 'macaroonSealed'
    | 'seedSealed'
    | 'initialisedAt'
    | 'seedConfirmedAt'
  >
>

const NODE_COLUMNS = [
  'businessId',
  'hostKind',
  'hostNodeId',
  'restUrl',
  'loopRestUrl',
  'tlsCertPem',
  'pubkey',
  'macaroonSealed',
  'seedSealed',
  'initialisedAt',
  'seedConfirmedAt',
  'createdAt',
] as const

export function createNodeRepo(db: Db) {
  return {
    find(businessId: string): Promise<NodeRow | undefined> {
      return db
        .selectFrom('lightningNodes')
        .select(NODE_COLUMNS)
        .where('businessId', '=', businessId)
        .executeTakeFirst()
    },

    /** false when the business already has a node */
    async insert(
      trx: Transaction<Database> | Db,
      row: { businessId: string; hostKind: string; hostNodeId: string },
    ) {
      const res = await trx
        .insertInto('lightningNodes')
        .values(row)
        .onConflict((oc) => oc.column('businessId').doNothing())
        .executeTakeFirst()
      return (res.numInsertedOrUpdatedRows ?? 0n) > 0n
    },

    /** Gives back a claimed node row whose host id never came. */
    async removeClaim(businessId: string, hostNodeId: string): Promise<void> {
      await db
        .deleteFrom('lightningNodes')
        .where('businessId', '=', businessId)
        .where('hostNodeId', '=', hostNodeId)
        .where('initialisedAt', 'is', null)
        .execute()
    },

    async update(businessId: string, patch: NodePatch, trx: Transaction<Database> | Db = db) {
      await trx
        .updateTable('lightningNodes')
        .set({ ...patch, updatedAt: new Date() })
        .where('businessId', '=', businessId)
        .execute()
    },

    /** The status last stored for the business's node; undefined when it has no node. */
    async storedStatus(businessId: string): Promise<StoredStatus | undefined> {
      return db
        .selectFrom('lightningNodes')
        .select([
          'status',
          sql<string | null>`to_char(status_changed_at AT TIME ZONE 'UTC', ${UTC_MICROS})`.as('at'),
        ])
        .where('businessId', '=', businessId)
        .executeTakeFirst()
    },

    /**
     * Stores what was read of the node. When it differs from what was stored, the change time
     * moves on and a `NodeEvent` is announced in the same statement. Returns the stored status's
     * change time; undefined when the node is gone.
     */
    async recordStatus(businessId: string, status: object): Promise<string | undefined> {
      const json = JSON.stringify(status)
      const changed = await sql<{ at: string }>`
        WITH changed AS (
          UPDATE lightning_nodes
          SET status = ${json}::jsonb, status_changed_at = clock_timestamp(),
            status_checked_at = clock_timestamp()
          WHERE business_id = ${businessId} AND status IS DISTINCT FROM ${json}::jsonb
          RETURNING business_id, to_char(status_changed_at AT TIME ZONE 'UTC', ${UTC_MICROS}) AS at
        )
        SELECT at, pg_notify(${NODE_EVENTS_CHANNEL},
          json_build_object('businessId', business_id, 'at', at)::text)
        FROM changed`.execute(db)
      if (changed.rows[0]) return changed.rows[0].at
      const same = await db
        .updateTable('lightningNodes')
        .set({ statusCheckedAt: sql`clock_timestamp()` })
        .where('businessId', '=', businessId)
        .returning(
          sql<string>`to_char(status_changed_at AT TIME ZONE 'UTC', ${UTC_MICROS})`.as('at'),
        )
        .executeTakeFirst()
      return same?.at
    },

    /**
     * Nodes whose status is due a reading: never read, still changing (not matching any of
     * `settled`), or settled but not read for `settledRecheckMs`. Longest unread first.
     */
    async dueForReading(
      settled: object[],
      settledRecheckMs: number,
      limit = 50,
    ): Promise<NodeRow[]> {
      const recheckBefore = new Date(Date.now() - settledRecheckMs)
      return db
        .selectFrom('lightningNodes')
        .select(NODE_COLUMNS)
        .where((eb) =>
          eb.or([
            eb('status', 'is', null),
            eb('statusCheckedAt', 'is', null),
            eb('statusCheckedAt', '<', recheckBefore),
            eb.not(
              eb.or(
                settled.map((shape) => eb(sql`status`, '@>', sql`${JSON.stringify(shape)}::jsonb`)),
              ),
            ),
          ]),
        )
        .orderBy(sql`status_checked_at NULLS FIRST`)
        .limit(limit)
        .execute()
    },
  }
}

export type NodeRepo = ReturnType<typeof createNodeRepo>
