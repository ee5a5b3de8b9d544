/** Stored wallet connections: the sealed secret config and the public parts pages may show. */
import type { Selectable, Transaction } from 'kysely'
import type { Db } from '../db/database'
import type { Database, WalletConnectionsTable, WalletKind } from '../db/schema'
import { sealedAt, type SecretBox } from '../lib/secrets'

/** A stored connection: the row's columns, its sealed config opened. */
export type StoredConnection<TConfig> = Pick<
  Selectable<WalletConnectionsTable>,
  'businessId' | 'kind' | 'publicInfo' | 'createdAt'
> & { config: TConfig }

export function createConnectionRepo(db: Db, box: SecretBox) {
  return {
    async save(
      trx: Transaction<Database> | Db,
      businessId: string,
      kind: WalletKind,
      config: unknown,
      publicInfo: Record<string, unknown>,
    ): Promise<void> {
      const sealedConfig = box.seal(JSON.stringify(config), sealedAt.walletConfig(businessId))
      const info = JSON.stringify(publicInfo)
      await trx
        .insertInto('walletConnections')
        .values({ businessId, kind, sealedConfig, publicInfo: info })
        .onConflict((oc) =>
          oc
            .column('businessId')
            .doUpdateSet({ kind, sealedConfig, publicInfo: info, updatedAt: new Date() }),
        )
        .execute()
    },

    async find<TConfig>(businessId: string): Promise<StoredConnection<TConfig> | undefined> {
      const row = await db
        .selectFrom('walletConnections')
        .select(['businessId', 'kind', 'sealedConfig', 'publicInfo', 'createdAt'])
        .where('businessId', '=', businessId)
        .executeTakeFirst()
      if (!row) return undefined
      return {
        businessId: row.businessId,
        kind: row.kind,
        config: JSON.parse(
          box.open(row.sealedConfig, sealedAt.walletConfig(row.businessId)),
        ) as TConfig,
        publicInfo: row.publicInfo,
        createdAt: row.createdAt,
      }
    },

    async publicInfo(businessId: string) {
      return db
        .selectFrom('walletConnections')
        .select(['kind', 'publicInfo', 'createdAt'])
        .where('businessId', '=', businessId)
        .executeTakeFirst()
    },
  }
}

export type ConnectionRepo = ReturnType<typeof createConnectionRepo>
