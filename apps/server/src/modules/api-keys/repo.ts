/**
 * API keys' queries. A key itself is never stored: only its SHA-256 (`key_hash`, unique, which
 * is how a request's key is found) and its first characters to name it in lists. A revoked key
 * keeps its row (`revoked_at`), so invoices it created still name it.
 */
import { sql, type Selectable } from 'kysely'
import type { Db } from '../../db/database'
import type { ApiKeysTable } from '../../db/schema'
import { withAudit, type AuditEvent } from '../audit'

const SHOWN = ['id', 'name', 'shownPrefix', 'scopes', 'createdAt', 'lastUsedAt'] as const

/** A key as its business's members see it: never its hash. */
export type ApiKeyRow = Pick<Selectable<ApiKeysTable>, (typeof SHOWN)[number]>

/** What a request's key resolves to: the key and its business. */
export interface ApiKeyMatch {
  id: string
  businessId: string
  scopes: string[]
  lastUsedAt: Date | null
  revokedAt: Date | null
}

/** `last_used_at` is written at most this often per key, so a busy key does not write per call. */
export const LAST_USED_EVERY_SEC = 60

export function createApiKeyRepo(db: Db) {
  return {
    /** The business's keys not revoked, newest first. */
    list(businessId: string): Promise<ApiKeyRow[]> {
      return db
        .selectFrom('apiKeys')
        .select(SHOWN)
        .where('businessId', '=', businessId)
        .where('revokedAt', 'is', null)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .execute()
    },

    /**
     * Inserts the key with its audit event and runs `then` (the owners' notice) in the same
     * transaction; null when the business already holds `max` keys not revoked (counted under a
     * lock of the business, so keys created at once cannot pass the limit together).
     */
    insert(
      k: {
        businessId: string
        name: string
        shownPrefix: string
        keyHash: string
        scopes: string[]
        createdBy: string | null
      },
      max: number,
      audit: (row: ApiKeyRow) => AuditEvent,
      then: (trx: Db, row: ApiKeyRow) => Promise<void>,
    ): Promise<ApiKeyRow | null> {
      return db.transaction().execute(async (trx) => {
        await trx
          .selectFrom('businesses')
          .select('id')
          .where('id', '=', k.businessId)
          .forUpdate()
          .executeTakeFirst()
        const { n } = await trx
          .selectFrom('apiKeys')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('businessId', '=', k.businessId)
          .where('revokedAt', 'is', null)
          .executeTakeFirstOrThrow()
        if (Number(n) >= max) return null
        return withAudit(
          trx,
          async (t) => {
            const row = await t
              .insertInto('apiKeys')
              .values(k)
              .returning(SHOWN)
              .executeTakeFirstOrThrow()
            await then(t, row)
            return row
          },
          audit,
        )
      })
    },

    /** Revokes the business's key (not yet revoked) with its audit event; null when none. */
    revoke(
      businessId: string,
      id: string,
      audit: (row: ApiKeyRow) => AuditEvent,
    ): Promise<ApiKeyRow | null> {
      return withAudit(
        db,
        async (trx) =>
          (await trx
            .updateTable('apiKeys')
            .set({ revokedAt: sql<Date>`now()` })
            .where('id', '=', id)
            .where('businessId', '=', businessId)
            .where('revokedAt', 'is', null)
            .returning(SHOWN)
            .executeTakeFirst()) ?? null,
        (row) => (row ? audit(row) : null),
      )
    },

    /** The key with this hash, revoked or not. */
    byHash(keyHash: string): Promise<ApiKeyMatch | undefined> {
      return db
        .selectFrom('apiKeys')
        .select(['id', 'businessId', 'scopes', 'lastUsedAt', 'revokedAt'])
        .where('keyHash', '=', keyHash)
        .executeTakeFirst()
    },

    /**
     * Notes that the key was just used, unless that was noted less than a minute ago (by this
     * request's look-up, or by another instance meanwhile: the condition is checked again here).
     */
    async touch(id: string): Promise<void> {
      await db
        .updateTable('apiKeys')
        .set({ lastUsedAt: sql<Date>`now()` })
        .where('id', '=', id)
        .where((eb) =>
          eb.or([
            eb('lastUsedAt', 'is', null),
            eb('lastUsedAt', '<', sql<Date>`now() - make_interval(secs => ${LAST_USED_EVERY_SEC})`),
          ]),
        )
        .execute()
    },
  }
}

export type ApiKeyRepo = ReturnType<typeof createApiKeyRepo>
