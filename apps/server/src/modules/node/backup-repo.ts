/** The latest static channel backup of each merchant node (sealed), and which nodes are due one. */
import { sql } from 'kysely'
import type { Db } from '../../db/database'

export interface StoredBackup {
  businessId: string
  backupSealed: string
  channelPoints: string[]
  verifiedAt: Date
}

export function createBackupRepo(db: Db) {
  return {
    find(businessId: string): Promise<StoredBackup | undefined> {
      return db
        .selectFrom('nodeChannelBackups')
        .select(['businessId', 'backupSealed', 'channelPoints', 'verifiedAt'])
        .where('businessId', '=', businessId)
        .executeTakeFirst()
    },

    /** Keeps the newer of two backups written at once (by verification time). */
    async save(backup: StoredBackup): Promise<void> {
      const points = JSON.stringify(backup.channelPoints)
      await db
        .insertInto('nodeChannelBackups')
        .values({ ...backup, channelPoints: points })
        .onConflict((oc) =>
          oc
            .column('businessId')
            .doUpdateSet({
              backupSealed: backup.backupSealed,
              channelPoints: points,
              verifiedAt: backup.verifiedAt,
              updatedAt: new Date(),
            })
            .where('nodeChannelBackups.verifiedAt', '<=', backup.verifiedAt),
        )
        .execute()
    },

    /** Initialised nodes whose last stored status was ready: their channels can be backed up. */
    readyNodes(limit = 200): Promise<{ businessId: string }[]> {
      return db
        .selectFrom('lightningNodes')
        .select('businessId')
        .where('macaroonSealed', 'is not', null)
        .where(sql<boolean>`status @> '{"isReady": true}'::jsonb`)
        .orderBy('businessId')
        .limit(limit)
        .execute()
    },
  }
}

export type BackupRepo = ReturnType<typeof createBackupRepo>
