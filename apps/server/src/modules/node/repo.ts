import type { Selectable, Transaction } from 'kysely'
import type { Db } from '../../db/database'
import type { Database, LightningNodesTable } from '../../db/schema'

export type NodeRow = Omit<Selectable<LightningNodesTable>, 'updatedAt'>

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

export function createNodeRepo(db: Db) {
  return {
    find(businessId: string): Promise<NodeRow | undefined> {
      return db
        .selectFrom('lightningNodes')
        .selectAll()
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

    async update(businessId: string, patch: NodePatch) {
      await db
        .updateTable('lightningNodes')
        .set({ ...patch, updatedAt: new Date() })
        .where('businessId', '=', businessId)
        .execute()
    },
  }
}

export type NodeRepo = ReturnType<typeof createNodeRepo>
