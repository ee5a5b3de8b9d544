/** Node versions the operator publishes, and the updates merchants start (one open per node). */
import { sql } from 'kysely'
import type { Db } from '../../db/database'
import type { NodeUpdateState } from '../../db/schema'

export interface NodeUpdateRow {
  id: string
  fromVersion: string
  toVersion: string
  state: NodeUpdateState
  failureReason: string | null
  createdAt: Date
}

export function createUpdateRepo(db: Db) {
  return {
    async publish(version: string, notes: string): Promise<void> {
      await db
        .insertInto('nodeVersions')
        .values({ version, notes })
        .onConflict((oc) => oc.column('version').doUpdateSet({ notes }))
        .execute()
    },

    latest(): Promise<{ version: string; notes: string; publishedAt: Date } | undefined> {
      return db
        .selectFrom('nodeVersions')
        .select(['version', 'notes', 'publishedAt'])
        .orderBy('publishedAt', 'desc')
        .limit(1)
        .executeTakeFirst()
    },

    /** The update under way, else the last one. */
    lastUpdate(businessId: string): Promise<NodeUpdateRow | undefined> {
      return db
        .selectFrom('nodeUpdates')
        .select(['id', 'fromVersion', 'toVersion', 'state', 'failureReason', 'createdAt'])
        .where('businessId', '=', businessId)
        .orderBy('createdAt', 'desc')
        .limit(1)
        .executeTakeFirst()
    },

    /** The update's row before the host is asked; undefined when one is open already. */
    async open(businessId: string, fromVersion: string, toVersion: string) {
      return db
        .insertInto('nodeUpdates')
        .values({ businessId, fromVersion, toVersion })
        .onConflict((oc) =>
          oc
            .column('businessId')
            .where(sql<boolean>`state IN ('requested', 'updating')`)
            .doNothing(),
        )
        .returning('id')
        .executeTakeFirst()
    },

    async setState(id: string, state: NodeUpdateState, failureReason: string | null = null) {
      await db
        .updateTable('nodeUpdates')
        .set({ state, failureReason, updatedAt: new Date() })
        .where('id', '=', id)
        .execute()
    },

    /** Withdrawals of the business still being sent or not known yet: money in flight. */
    async withdrawalsInFlight(businessId: string): Promise<number> {
      const row = await db
        .selectFrom('withdrawals')
        .select(db.fn.countAll<string>().as('n'))
        .where('businessId', '=', businessId)
        .where('status', 'in', ['sending', 'unknown'])
        .executeTakeFirstOrThrow()
      return Number(row.n)
    },
  }
}

export type UpdateRepo = ReturnType<typeof createUpdateRepo>
