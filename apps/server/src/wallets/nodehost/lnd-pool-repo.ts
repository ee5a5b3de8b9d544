/** The operator's pool of lnd nodes: registering one, finding one, assigning a free one. */
import type { Selectable } from 'kysely'
import type { Db } from '../../db/database'
import type { LndPoolNodesTable } from '../../db/schema'

export type PoolNodeRow = Selectable<LndPoolNodesTable>

export function createLndPoolRepo(db: Db) {
  return {
    find(id: string): Promise<PoolNodeRow | undefined> {
      return db.selectFrom('lndPoolNodes').selectAll().where('id', '=', id).executeTakeFirst()
    },

    /** The business's pool node: the one it has, else the oldest free one (taken once only). */
    async assign(businessId: string): Promise<PoolNodeRow | undefined> {
      const existing = await db
        .selectFrom('lndPoolNodes')
        .selectAll()
        .where('businessId', '=', businessId)
        .executeTakeFirst()
      if (existing) return existing
      return db
        .updateTable('lndPoolNodes')
        .set({ businessId, assignedAt: new Date() })
        .where('id', '=', (eb) =>
          eb
            .selectFrom('lndPoolNodes')
            .select('id')
            .where('businessId', 'is', null)
            .orderBy('createdAt')
            .limit(1)
            .forUpdate()
            .skipLocked(),
        )
        .returningAll()
        .executeTakeFirst()
    },

    /** The update last sent for the node, done or not. */
    lastUpdate(poolNodeId: string) {
      return db
        .selectFrom('lndPoolNodeUpdates')
        .selectAll()
        .where('poolNodeId', '=', poolNodeId)
        .executeTakeFirst()
    },

    /** An update about to be sent (written before the request); replaces the last one. */
    async startUpdate(poolNodeId: string, version: string): Promise<void> {
      await db
        .insertInto('lndPoolNodeUpdates')
        .values({ poolNodeId, version })
        .onConflict((oc) =>
          oc.column('poolNodeId').doUpdateSet({ version, requestedAt: new Date(), doneAt: null }),
        )
        .execute()
    },

    async finishUpdate(poolNodeId: string): Promise<void> {
      await db
        .updateTable('lndPoolNodeUpdates')
        .set({ doneAt: new Date() })
        .where('poolNodeId', '=', poolNodeId)
        .where('doneAt', 'is', null)
        .execute()
    },

    /** The tooling refused or could not be reached: the update before it is the last again. */
    async dropUpdate(
      poolNodeId: string,
      previous: { version: string; requestedAt: Date; doneAt: Date | null } | undefined,
    ): Promise<void> {
      if (!previous) {
        await db.deleteFrom('lndPoolNodeUpdates').where('poolNodeId', '=', poolNodeId).execute()
        return
      }
      await db
        .updateTable('lndPoolNodeUpdates')
        .set({
          version: previous.version,
          requestedAt: previous.requestedAt,
          doneAt: previous.doneAt,
        })
        .where('poolNodeId', '=', poolNodeId)
        .execute()
    },

    async register(input: {
      restUrl: string
      tlsCertPem: string
      loopRestUrl?: string
    }): Promise<string> {
      const row = await db
        .insertInto('lndPoolNodes')
        .values({
          restUrl: input.restUrl.replace(/\/$/, ''),
          tlsCertPem: input.tlsCertPem,
          loopRestUrl: input.loopRestUrl ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      return row.id
    },
  }
}

export type LndPoolRepo = ReturnType<typeof createLndPoolRepo>
