import type { Db } from '../../db/database'

export interface NodeRow {
  businessId: string
  hostKind: string
  hostNodeId: string
  restUrl: string | null
  loopRestUrl: string | null
  tlsCertPem: string | null
  pubkey: string | null
  macaroonSealed: string | null
  seedSealed: string | null
  initialisedAt: Date | null
  seedConfirmedAt: Date | null
  createdAt: Date
}

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
    async insert(row: { businessId: string; hostKind: string; hostNodeId: string }) {
      const res = await db
        .insertInto('lightningNodes')
        .values(row)
        .onConflict((oc) => oc.column('businessId').doNothing())
        .executeTakeFirst()
      return (res.numInsertedOrUpdatedRows ?? 0n) > 0n
    },

    async update(
      businessId: string,
      patch: Partial<
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
      >,
    ) {
      await db
        .updateTable('lightningNodes')
        .set({ ...patch, updatedAt: new Date() })
        .where('businessId', '=', businessId)
        .execute()
    },
  }
}

export type NodeRepo = ReturnType<typeof createNodeRepo>
