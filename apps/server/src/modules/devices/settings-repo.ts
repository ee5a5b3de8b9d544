/**
 * What every terminal of a business shows (one row per business), and its uploaded images: their
 * metadata always here, their bytes here or in the object store (`image-store.ts`).
 */
import { sql } from 'kysely'
import type { Db } from '../../db/database'
import { recordAudit, withAudit, type AuditEvent } from '../audit'

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

/** An image's row: its bytes inline (`postgres`) or the key of its object (`s3`). */
export interface StoredImageRow {
  contentType: string
  storage: 'postgres' | 's3'
  bytes: Buffer | null
  objectKey: string | null
  size: number
  createdAt: Date
}

/** A new image's row, with its id chosen beforehand (it names the object). */
export type NewImage = {
  id: string
  contentType: string
  width: number
  height: number
  size: number
} & ({ storage: 'postgres'; bytes: Buffer } | { storage: 's3'; objectKey: string })

export interface InlineImage {
  id: string
  businessId: string
  contentType: string
  bytes: Buffer
}

/**
 * How long the job leaves an object listed by `deleteImage` to its caller, who deletes it right
 * after the commit: longer than the S3 client's worst case (3 attempts, 15 s request timeout), so
 * the job does not delete it too at the same time (counting a failure twice); it deletes it only
 * if the caller never did (its process stopped).
 */
const CALLER_DELETES_WITHIN = sql`interval '5 minutes'`

/**
 * Deletes an image's row: the key of its object when its bytes were in the object store (listed
 * by the trigger; the caller deletes the object once the transaction has committed).
 */
async function deleteImage(db: Db, id: string): Promise<string | null> {
  const gone = await db
    .deleteFrom('deviceImages')
    .where('id', '=', id)
    .returning('objectKey')
    .executeTakeFirst()
  const objectKey = gone?.objectKey ?? null
  if (objectKey) {
    await db
      .updateTable('deviceImageOrphans')
      .set({ dueAt: sql<Date>`now() + ${CALLER_DELETES_WITHIN}` })
      .where('objectKey', '=', objectKey)
      .execute()
  }
  return objectKey
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
      audit?: AuditEvent,
    ): Promise<void> {
      await withAudit(
        db,
        (trx) =>
          trx
            .insertInto('deviceSettings')
            .values({ businessId, ...patch })
            .onConflict((oc) =>
              oc.column('businessId').doUpdateSet({ ...patch, updatedAt: sql<Date>`now()` }),
            )
            .execute(),
        () => audit ?? null,
      )
    },

    /**
     * Writes the image's row (its bytes inline, or the key of its object, already put) and puts
     * it in the slot, in one transaction; the image it replaces is deleted. Returns the object
     * key of the replaced image, if its bytes were in the object store: the database lists it
     * as an orphan (trigger of 0025) for the caller to delete once this has committed.
     */
    async putImage(
      businessId: string,
      slot: ImageSlot,
      image: NewImage,
      audit?: AuditEvent,
    ): Promise<{ replacedObjectKey: string | null }> {
      return db.transaction().execute(async (trx) => {
        await trx
          .insertInto('deviceImages')
          .values({
            id: image.id,
            businessId,
            contentType: image.contentType,
            width: image.width,
            height: image.height,
            size: image.size,
            storage: image.storage,
            bytes: image.storage === 'postgres' ? image.bytes : null,
            objectKey: image.storage === 's3' ? image.objectKey : null,
          })
          .execute()
        // the object now belongs to a row: no longer an orphan to delete
        if (image.storage === 's3') {
          await trx
            .deleteFrom('deviceImageOrphans')
            .where('objectKey', '=', image.objectKey)
            .execute()
        }
        const before = await trx
          .selectFrom('deviceSettings')
          .select(slot)
          .where('businessId', '=', businessId)
          .forUpdate()
          .executeTakeFirst()
        await trx
          .insertInto('deviceSettings')
          .values({ businessId, [slot]: image.id })
          .onConflict((oc) =>
            oc.column('businessId').doUpdateSet({ [slot]: image.id, updatedAt: sql<Date>`now()` }),
          )
          .execute()
        const old = before?.[slot]
        if (audit) await recordAudit(trx, audit)
        return { replacedObjectKey: old ? await deleteImage(trx, old) : null }
      })
    },

    /** Empties the slot and deletes its image; false when it was empty. */
    async removeImage(
      businessId: string,
      slot: ImageSlot,
      audit?: AuditEvent,
    ): Promise<{ removedObjectKey: string | null } | false> {
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
        if (audit) await recordAudit(trx, audit)
        return { removedObjectKey: await deleteImage(trx, old) }
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

    async image(id: string): Promise<StoredImageRow | undefined> {
      return db
        .selectFrom('deviceImages')
        .select(['contentType', 'storage', 'bytes', 'objectKey', 'size', 'createdAt'])
        .where('id', '=', id)
        .executeTakeFirst()
    },

    /**
     * Lists an object key as an orphan, to be deleted from `dueAt` on unless a row takes it
     * first: written before an object is put, so an upload that never commits leaves nothing.
     */
    async addOrphan(objectKey: string, dueAt: Date): Promise<void> {
      await db
        .insertInto('deviceImageOrphans')
        .values({ objectKey, dueAt })
        .onConflict((oc) => oc.column('objectKey').doUpdateSet({ dueAt }))
        .execute()
    },

    /** Orphans due for deletion, oldest first. */
    async dueOrphans(limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('deviceImageOrphans')
        .select('objectKey')
        .where('dueAt', '<=', sql<Date>`now()`)
        .orderBy('dueAt')
        .limit(limit)
        .execute()
      return rows.map((r) => r.objectKey)
    },

    /** The object was deleted from the store: off the list (unless a row took the key since). */
    async dropOrphan(objectKey: string): Promise<void> {
      await db.deleteFrom('deviceImageOrphans').where('objectKey', '=', objectKey).execute()
    },

    /** A delete that failed: tried again later, waiting longer after each failure (≤ 1 day). */
    async postponeOrphan(objectKey: string): Promise<void> {
      await db
        .updateTable('deviceImageOrphans')
        .set({
          attempts: sql<number>`attempts + 1`,
          dueAt: sql<Date>`now() + least(interval '1 day', interval '1 minute' * power(2, attempts))`,
        })
        .where('objectKey', '=', objectKey)
        .execute()
    },

    /** Images whose bytes are still in PostgreSQL, a batch at a time (for moving them). */
    async imagesInPostgres(limit: number): Promise<InlineImage[]> {
      const rows = await db
        .selectFrom('deviceImages')
        .select(['id', 'businessId', 'contentType', 'bytes'])
        .where('storage', '=', 'postgres')
        .orderBy('createdAt')
        .limit(limit)
        .execute()
      return rows.flatMap((r) => (r.bytes ? [{ ...r, bytes: r.bytes }] : []))
    },

    /**
     * The image's bytes are now in the object store under `objectKey`: the row names it and
     * drops its own copy, and the key is no longer an orphan. False when the row is gone (or
     * moved already) meanwhile, in which case the object stays listed as an orphan.
     */
    async movedToObjectStore(id: string, objectKey: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const moved = await trx
          .updateTable('deviceImages')
          .set({ storage: 's3', objectKey, bytes: null })
          .where('id', '=', id)
          .where('storage', '=', 'postgres')
          .executeTakeFirst()
        if (Number(moved.numUpdatedRows) === 0) return false
        await trx.deleteFrom('deviceImageOrphans').where('objectKey', '=', objectKey).execute()
        return true
      })
    },
  }
}

export type DeviceSettingsRepo = ReturnType<typeof createDeviceSettingsRepo>
