/** The browsers each account was signed in from: hashes of their cookies' tokens (0034). */
import { sql } from 'kysely'
import type { Db } from '../../db/database'

export function createKnownBrowserRepo(db: Db) {
  return {
    /** Marks the browser seen for the user; false when its token is not known for the user. */
    async touch(userId: string, tokenHash: string): Promise<boolean> {
      const res = await db
        .updateTable('knownBrowsers')
        .set({ lastSeenAt: sql<Date>`now()` })
        .where('userId', '=', userId)
        .where('tokenHash', '=', tokenHash)
        .executeTakeFirst()
      return res.numUpdatedRows > 0n
    },

    /** Whether any account knows the token (a browser shared by several accounts keeps one). */
    async anyKnows(tokenHash: string): Promise<boolean> {
      const row = await db
        .selectFrom('knownBrowsers')
        .select('userId')
        .where('tokenHash', '=', tokenHash)
        .limit(1)
        .executeTakeFirst()
      return row !== undefined
    },

    /**
     * Adds the browser for the user in a transaction; `then` runs in it with whether the user
     * had a known browser before (locked per user, so two sign-ins at once count once).
     */
    async add(
      userId: string,
      tokenHash: string,
      then: (trx: Db, hadOne: boolean) => Promise<void>,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute()
        const before = await trx
          .selectFrom('knownBrowsers')
          .select('tokenHash')
          .where('userId', '=', userId)
          .limit(1)
          .executeTakeFirst()
        const added = await trx
          .insertInto('knownBrowsers')
          .values({ userId, tokenHash })
          .onConflict((oc) => oc.columns(['userId', 'tokenHash']).doNothing())
          .returning('userId')
          .executeTakeFirst()
        if (added) await then(trx, before !== undefined)
      })
    },
  }
}

export type KnownBrowserRepo = ReturnType<typeof createKnownBrowserRepo>
