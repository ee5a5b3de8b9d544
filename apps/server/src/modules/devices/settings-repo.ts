/** What every terminal of a business shows (one row per business), and its uploaded images. */
import { sql } from 'kysely'
import type { Db } from '../../db/database'

export interface SettingsRow {
  displayName: string | null
  receiptText: string | null
  screenSaverDelaySec: number
  theme: string
  logoImageId: string | null
  screenSaverImageId: string | null
  tipPercents: number[]
  idleSignOutSec: number
}

export type ImageSlot = 'logoImageId' | 'screenSaverImageId'

export interface StoredImage {
  contentType: string
  bytes: Buffer
  createdAt: Date
}

export function createDeviceSettingsRepo(db: Db) {
  return {
    async get(businessId: string): Promise<SettingsRow | undefined> {
      return db
        .selectFrom('deviceSettings')
        .select([
          'displayName',
          'receiptText',
          'screenSaverDelaySec',
          'theme',
          'logoImageId',
          'screenSaverImageId',
          'tipPercents',
          'idleSignOutSec',
        ])
        .where('businessId', '=', businessId)
        .executeTakeFirst()
    },

    async update(
      businessId: string,
      patch: Partial<
        Pick<
          SettingsRow,
          | 'displayName'
          | 'receiptText'
          | 'screenSaverDelaySec'
          | 'theme'
          | 'tipPercents'
          | 'idleSignOutSec'
        >
      >,
    ): Promise<void> {
      await db
        .insertInto('deviceSettings')
        .values({ businessId, ...patch })
        .onConflict((oc) =>
          oc.column('businessId').doUpdateSet({ ...patch, updatedAt: sql<Date>`now()` }),
        )
        .execute()
    },

    /** Stores the image and puts it in the slot; the image it replaces is deleted. */
    async putImage(
      businessId: string,
      slot: ImageSlot,
      image: { contentType: string; bytes: Buffer; width: number; height: number },
    ): Promise<string> {
      return db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('deviceImages')
          .values({ businessId, ...image })
          .returning('id')
          .executeTakeFirstOrThrow()
        const before = await trx
          .selectFrom('deviceSettings')
          .select(slot)
          .where('businessId', '=', businessId)
          .forUpdate()
          .executeTakeFirst()
        await trx
          .insertInto('deviceSettings')
          .values({ businessId, [slot]: id })
          .onConflict((oc) =>
            oc.column('businessId').doUpdateSet({ [slot]: id, updatedAt: sql<Date>`now()` }),
          )
          .execute()
        const old = before?.[slot]
        if (old) await trx.deleteFrom('deviceImages').where('id', '=', old).execute()
        return id
      })
    },

    async removeImage(businessId: string, slot: ImageSlot): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('deviceSettings')
          .select(slot)
          .where('businessId', '=', businessId)
          .forUpdate()
          .executeTakeFirst()
        const old = before?.[slot]
        if (!old) return false
        await trx
          .updateTable('deviceSettings')
          .set({ [slot]: null, updatedAt: sql<Date>`now()` })
          .where('businessId', '=', businessId)
          .execute()
        await trx.deleteFrom('deviceImages').where('id', '=', old).execute()
        return true
      })
    },

    async businessName(businessId: string): Promise<string> {
      const r = await db
        .selectFrom('businesses')
        .select('name')
        .where('id', '=', businessId)
        .executeTakeFirst()
      return r?.name ?? ''
    },

    async image(id: string): Promise<StoredImage | undefined> {
      return db
        .selectFrom('deviceImages')
        .select(['contentType', 'bytes', 'createdAt'])
        .where('id', '=', id)
        .executeTakeFirst()
    },
  }
}

export type DeviceSettingsRepo = ReturnType<typeof createDeviceSettingsRepo>
