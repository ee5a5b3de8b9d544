/**
 * Staff logins, their RFID tags, and tags terminals read but nobody holds. A PIN is unique among
 * a business's staff through its keyed lookup value; a tag is unique within the business.
 */
import { sql, type Selectable } from 'kysely'
import type { Db } from '../../db/database'
import type { StaffTable } from '../../db/schema'
import { recordAudit, withAudit, type AuditEvent } from '../audit'
import { createNamedRowsRepo } from '../devices'

const COLUMNS = [
  'id',
  'businessId',
  'name',
  'language',
  'pinLookup',
  'pinHash',
  'canEodReport',
  'canRefundReport',
  'canRefund',
  'wrongPins',
  'lockedAt',
  'lockedAfterWrongPins',
  'pinDigits',
  'createdAt',
] as const

export type StaffRow = Pick<Selectable<StaffTable>, (typeof COLUMNS)[number]>

function clash(err: unknown): 'pin' | 'tag' | null {
  const e = err as { code?: string; constraint?: string }
  if (e.code !== '23505') return null
  if (e.constraint === 'staff_business_pin') return 'pin'
  if (e.constraint === 'staff_rfid_tags_pkey') return 'tag'
  return null
}

export type StaffWritten =
  { ok: true; row: StaffRow } | { ok: false; reason: 'pinTaken' | 'missing' }

export interface StaffFields {
  name: string
  language: string
  canEodReport: boolean
  canRefundReport: boolean
  canRefund: boolean
}

/** A PIN as kept: its lookup value, its hash and its length. */
export interface PinFields {
  pinLookup: string
  pinHash: string
  pinDigits: number
}

export function createStaffRepo(db: Db) {
  const live = () => db.selectFrom('staff').select(COLUMNS).where('deletedAt', 'is', null)

  return {
    /**
     * The sealed key of the PIN lookup: written with `create` on first use (every instance
     * agrees on the first one written), then read back.
     */
    async pinKey(create: () => string): Promise<string> {
      const read = () =>
        db.selectFrom('staffPinKey').select('keySealed').where('id', '=', 1).executeTakeFirst()
      const existing = await read()
      if (existing) return existing.keySealed
      await db
        .insertInto('staffPinKey')
        .values({ id: 1, keySealed: create() })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute()
      const row = await read()
      if (!row) throw new Error('the staff PIN key was not stored')
      return row.keySealed
    },

    list(businessId: string): Promise<StaffRow[]> {
      return live().where('businessId', '=', businessId).orderBy('name').orderBy('id').execute()
    },

    find(businessId: string, id: string): Promise<StaffRow | undefined> {
      return live().where('businessId', '=', businessId).where('id', '=', id).executeTakeFirst()
    },

    byPinLookup(businessId: string, pinLookup: string): Promise<StaffRow | undefined> {
      return live()
        .where('businessId', '=', businessId)
        .where('pinLookup', '=', pinLookup)
        .executeTakeFirst()
    },

    async byTag(businessId: string, tag: string): Promise<StaffRow | undefined> {
      return live()
        .where('businessId', '=', businessId)
        .where('id', '=', (eb) =>
          eb
            .selectFrom('staffRfidTags')
            .select('staffId')
            .where('businessId', '=', businessId)
            .where('tag', '=', tag),
        )
        .executeTakeFirst()
    },

    /** The names of a business's staff (deleted ones too), and how many are not deleted. */
    ...createNamedRowsRepo(db, 'staff'),

    async tagsOf(businessId: string): Promise<{ staffId: string; tag: string }[]> {
      return db
        .selectFrom('staffRfidTags')
        .select(['staffId', 'tag'])
        .where('businessId', '=', businessId)
        .orderBy('createdAt')
        .execute()
    },

    async insert(
      p: StaffFields & { businessId: string } & PinFields,
      audit?: (row: StaffRow) => AuditEvent,
    ): Promise<StaffWritten> {
      try {
        const row = await withAudit(
          db,
          (trx) => trx.insertInto('staff').values(p).returning(COLUMNS).executeTakeFirstOrThrow(),
          (r) => audit?.(r) ?? null,
        )
        return { ok: true, row }
      } catch (err) {
        if (clash(err) === 'pin') return { ok: false, reason: 'pinTaken' }
        throw err
      }
    },

    async update(
      businessId: string,
      id: string,
      patch: Partial<StaffFields & PinFields>,
      audit?: (row: StaffRow) => AuditEvent,
    ): Promise<StaffWritten> {
      try {
        const row = await withAudit(
          db,
          (trx) =>
            trx
              .updateTable('staff')
              .set({ ...patch, updatedAt: sql<Date>`now()` })
              .where('id', '=', id)
              .where('businessId', '=', businessId)
              .where('deletedAt', 'is', null)
              .returning(COLUMNS)
              .executeTakeFirst(),
          (r) => (r && audit ? audit(r) : null),
        )
        return row ? { ok: true, row } : { ok: false, reason: 'missing' }
      } catch (err) {
        if (clash(err) === 'pin') return { ok: false, reason: 'pinTaken' }
        throw err
      }
    },

    /** Deleted staff keep their name on payments; their tags are freed and sessions drop them. */
    async softDelete(businessId: string, id: string, audit?: AuditEvent): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const r = await trx
          .updateTable('staff')
          .set({ deletedAt: sql<Date>`now()` })
          .where('id', '=', id)
          .where('businessId', '=', businessId)
          .where('deletedAt', 'is', null)
          .executeTakeFirst()
        if (r.numUpdatedRows === 0n) return false
        await trx.deleteFrom('staffRfidTags').where('staffId', '=', id).execute()
        await trx
          .updateTable('deviceSessions')
          .set({ staffId: null })
          .where('staffId', '=', id)
          .execute()
        if (audit) await recordAudit(trx, audit)
        return true
      })
    },

    /**
     * Gives the tag to the staff member (and forgets it as unrecognised): `taken` when someone
     * else of the business holds it; holding it already is fine.
     */
    async addTag(
      businessId: string,
      staffId: string,
      tag: string,
      audit?: AuditEvent,
    ): Promise<'ok' | 'taken'> {
      return db.transaction().execute(async (trx) => {
        const r = await trx
          .insertInto('staffRfidTags')
          .values({ businessId, staffId, tag })
          .onConflict((oc) => oc.columns(['businessId', 'tag']).doNothing())
          .returning('staffId')
          .executeTakeFirst()
        if (!r) {
          const holder = await trx
            .selectFrom('staffRfidTags')
            .select('staffId')
            .where('businessId', '=', businessId)
            .where('tag', '=', tag)
            .executeTakeFirst()
          if (holder?.staffId !== staffId) return 'taken'
        }
        await trx
          .deleteFrom('unrecognisedRfidTags')
          .where('businessId', '=', businessId)
          .where('tag', '=', tag)
          .execute()
        if (r && audit) await recordAudit(trx, audit)
        return 'ok'
      })
    },

    async removeTag(
      businessId: string,
      staffId: string,
      tag: string,
      audit?: AuditEvent,
    ): Promise<boolean> {
      return withAudit(
        db,
        async (trx) => {
          const r = await trx
            .deleteFrom('staffRfidTags')
            .where('businessId', '=', businessId)
            .where('staffId', '=', staffId)
            .where('tag', '=', tag)
            .executeTakeFirst()
          return r.numDeletedRows > 0n
        },
        (removed) => (removed ? (audit ?? null) : null),
      )
    },

    async recordUnrecognised(businessId: string, tag: string, deviceId: string): Promise<void> {
      await db
        .insertInto('unrecognisedRfidTags')
        .values({ businessId, tag, deviceId })
        .onConflict((oc) =>
          oc.columns(['businessId', 'tag']).doUpdateSet({
            deviceId,
            seenAt: sql<Date>`now()`,
            timesSeen: sql<number>`unrecognised_rfid_tags.times_seen + 1`,
          }),
        )
        .execute()
    },

    unrecognised(businessId: string) {
      return db
        .selectFrom('unrecognisedRfidTags as u')
        .leftJoin('devices as d', 'd.id', 'u.deviceId')
        .select(['u.tag', 'u.deviceId', 'd.name as deviceName', 'u.seenAt', 'u.timesSeen'])
        .where('u.businessId', '=', businessId)
        .orderBy('u.seenAt', 'desc')
        .limit(100)
        .execute()
    },

    async dismissUnrecognised(businessId: string, tag: string): Promise<boolean> {
      const r = await db
        .deleteFrom('unrecognisedRfidTags')
        .where('businessId', '=', businessId)
        .where('tag', '=', tag)
        .executeTakeFirst()
      return r.numDeletedRows > 0n
    },
  }
}

export type StaffRepo = ReturnType<typeof createStaffRepo>
