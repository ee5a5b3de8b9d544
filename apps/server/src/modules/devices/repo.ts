/**
 * Device logins and their sessions. A device is soft-deleted (its payments keep naming it); a
 * name is unique among a business's devices that are not deleted, so a clash is `taken`.
 */
import { DEFAULT_IDLE_SIGN_OUT_SEC, STAFF_ACTIVITY_REPORT_MS, type StaffProof } from '@app/domain'
import { sql, type Kysely, type Selectable } from 'kysely'
import type { Db } from '../../db/database'
import type { Database, DevicesTable } from '../../db/schema'
import { recordAudit, withAudit, type AuditEvent } from '../audit'
import { createNamedRowsRepo } from './named-rows-repo'

const COLUMNS = [
  'id',
  'businessId',
  'name',
  'isKiosk',
  'mid',
  'loginId',
  'secretHash',
  'credentialsIssuedAt',
  'pairedAt',
  'lastSeenAt',
  'createdAt',
] as const

export type DeviceRow = Pick<Selectable<DevicesTable>, (typeof COLUMNS)[number]>

function isNameClash(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string }
  return e.code === '23505' && e.constraint === 'devices_business_name'
}

export type DeviceWritten =
  { ok: true; row: DeviceRow } | { ok: false; reason: 'taken' | 'missing' }

/** The audit log's event for a change that was made (written in its transaction). */
export type AuditOf<T> = (row: T) => AuditEvent

export interface DeviceSessionRow {
  deviceId: string
  businessId: string
  kind: 'cookie' | 'bearer'
  staffId: string | null
  expiresAt: Date
  lastSeenAt: Date
  staffActiveAt: Date | null
  staffProof: StaffProof | null
}

/**
 * Where a change of a device is announced (its sessions ending, a staff member signed out, its
 * kiosk mode or MID changed): an open terminal reads its state again, a stream checks its access.
 */
export const DEVICE_EVENTS_CHANNEL = 'device_events'

/** A last use is written up to this late (reported, then written, at most every 15 s). */
const STAFF_IDLE_GRACE_SEC = (2 * STAFF_ACTIVITY_REPORT_MS) / 1000

/**
 * Whether the staff member signed in on session `s` (a `device_sessions` row under that alias)
 * has not used the terminal for longer than the business's idle sign-out time (0: never), with
 * the grace of a last use not yet written.
 */
export const staffIdleLapsed = sql<boolean>`(s.staff_id IS NOT NULL AND EXISTS (
  SELECT 1 FROM (SELECT coalesce((SELECT ds.idle_sign_out_sec FROM device_settings ds
                                  WHERE ds.business_id = s.business_id),
                                 ${DEFAULT_IDLE_SIGN_OUT_SEC}::int) AS sec) idle
  WHERE idle.sec > 0
    AND coalesce(s.staff_active_at, s.last_seen_at)
        < now() - make_interval(secs => idle.sec + ${STAFF_IDLE_GRACE_SEC}::int)))`

async function announceChange(db: Kysely<Database>, deviceId: string) {
  await sql`SELECT pg_notify(${DEVICE_EVENTS_CHANNEL}, json_build_object('deviceId', ${deviceId}::text)::text)`.execute(
    db,
  )
}

export function createDeviceRepo(db: Db) {
  const live = () => db.selectFrom('devices').select(COLUMNS).where('deletedAt', 'is', null)

  return {
    list(businessId: string): Promise<DeviceRow[]> {
      return live()
        .where('businessId', '=', businessId)
        .orderBy('createdAt', 'asc')
        .orderBy('id', 'asc')
        .execute()
    },

    find(businessId: string, id: string): Promise<DeviceRow | undefined> {
      return live().where('businessId', '=', businessId).where('id', '=', id).executeTakeFirst()
    },

    byLoginId(loginId: string): Promise<DeviceRow | undefined> {
      return live().where('loginId', '=', loginId).executeTakeFirst()
    },

    /** The names of a business's devices (deleted ones too), and how many are not deleted. */
    ...createNamedRowsRepo(db, 'devices'),

    async insert(
      d: {
        businessId: string
        name: string
        isKiosk: boolean
        mid: string | null
        loginId: string
        secretHash: string
      },
      audit?: AuditOf<DeviceRow>,
      /** runs in the insert's transaction (the notice it mails) */
      then?: (trx: Db, row: DeviceRow) => Promise<void>,
    ): Promise<DeviceWritten> {
      try {
        const row = await withAudit(
          db,
          async (trx) => {
            const r = await trx
              .insertInto('devices')
              .values(d)
              .returning(COLUMNS)
              .executeTakeFirstOrThrow()
            await then?.(trx, r)
            return r
          },
          (r) => audit?.(r) ?? null,
        )
        return { ok: true, row }
      } catch (err) {
        if (isNameClash(err)) return { ok: false, reason: 'taken' }
        throw err
      }
    },

    async update(
      businessId: string,
      id: string,
      patch: Partial<{
        name: string
        isKiosk: boolean
        mid: string | null
        loginId: string
        secretHash: string
        credentialsIssuedAt: Date
        pairedAt: Date | null
      }>,
      audit?: AuditOf<DeviceRow>,
    ): Promise<DeviceWritten> {
      try {
        const row = await withAudit(
          db,
          async (trx) => {
            const updated = await trx
              .updateTable('devices')
              .set({ ...patch, updatedAt: sql<Date>`now()` })
              .where('id', '=', id)
              .where('businessId', '=', businessId)
              .where('deletedAt', 'is', null)
              .returning(COLUMNS)
              .executeTakeFirst()
            if (updated) await announceChange(trx, id)
            return updated
          },
          (r) => (r && audit ? audit(r) : null),
        )
        if (!row) return { ok: false, reason: 'missing' }
        return { ok: true, row }
      } catch (err) {
        if (isNameClash(err)) return { ok: false, reason: 'taken' }
        throw err
      }
    },

    /** Marks the device deleted, its secret unusable, and ends its sessions; one transaction. */
    async softDelete(
      businessId: string,
      id: string,
      unusableHash: string,
      audit?: AuditEvent,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const r = await trx
          .updateTable('devices')
          .set({ deletedAt: sql<Date>`now()`, secretHash: unusableHash })
          .where('id', '=', id)
          .where('businessId', '=', businessId)
          .where('deletedAt', 'is', null)
          .executeTakeFirst()
        if (r.numUpdatedRows === 0n) return false
        await trx.deleteFrom('deviceSessions').where('deviceId', '=', id).execute()
        await trx.deleteFrom('posWebhooks').where('deviceId', '=', id).execute()
        await announceChange(trx, id)
        if (audit) await recordAudit(trx, audit)
        return true
      })
    },

    async insertSession(s: {
      idHash: string
      deviceId: string
      businessId: string
      kind: 'cookie' | 'bearer'
      expiresAt: Date
    }): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('deviceSessions').values(s).execute()
        await trx
          .updateTable('devices')
          .set({ pairedAt: sql<Date>`coalesce(paired_at, now())`, lastSeenAt: sql<Date>`now()` })
          .where('id', '=', s.deviceId)
          .execute()
      })
    },

    /** A live session of a live device; its use is recorded at most every `touchMs`. */
    async useSession(
      idHash: string,
      touchMs: number,
    ): Promise<{ session: DeviceSessionRow; device: DeviceRow } | undefined> {
      const row = await db
        .selectFrom('deviceSessions as s')
        .innerJoin('devices as d', 'd.id', 's.deviceId')
        .select([
          's.deviceId',
          's.businessId',
          's.kind',
          's.staffId',
          's.expiresAt',
          's.lastSeenAt as sessionSeenAt',
          's.staffActiveAt',
          's.staffProof',
          staffIdleLapsed.as('staffLapsed'),
          ...COLUMNS.map((c) => `d.${c}` as const),
        ])
        .where('s.idHash', '=', idHash)
        .where('s.expiresAt', '>', sql<Date>`now()`)
        .where('d.deletedAt', 'is', null)
        .executeTakeFirst()
      if (!row) return undefined
      if (Date.now() - row.sessionSeenAt.getTime() > touchMs) {
        await db
          .updateTable('deviceSessions')
          .set({ lastSeenAt: sql<Date>`now()` })
          .where('idHash', '=', idHash)
          .execute()
        await db
          .updateTable('devices')
          .set({ lastSeenAt: sql<Date>`now()` })
          .where('id', '=', row.deviceId)
          .execute()
      }
      const { deviceId, businessId, kind, expiresAt, sessionSeenAt, staffActiveAt, ...rest } = row
      const { staffLapsed, staffId: signedInStaff, staffProof, ...device } = rest
      let staffId = signedInStaff
      if (staffId && staffLapsed) {
        // Idle too long: signed out here, and the open terminal is told.
        await db
          .updateTable('deviceSessions as s')
          .set({ staffId: null, staffActiveAt: null })
          .where('s.idHash', '=', idHash)
          .where('s.staffId', '=', staffId)
          .where(staffIdleLapsed)
          .execute()
        await announceChange(db, deviceId)
        staffId = null
      }
      return {
        session: {
          deviceId,
          businessId,
          kind,
          staffId,
          expiresAt,
          lastSeenAt: sessionSeenAt,
          staffActiveAt: staffId ? staffActiveAt : null,
          staffProof: staffId ? staffProof : null,
        },
        device: { ...device, businessId },
      }
    },

    /** The staff member signed in on the session used the terminal now. */
    async touchStaff(idHash: string, staffId: string): Promise<void> {
      await db
        .updateTable('deviceSessions')
        .set({ staffActiveAt: sql<Date>`now()` })
        .where('idHash', '=', idHash)
        .where('staffId', '=', staffId)
        .execute()
    },

    async touchDevice(id: string): Promise<void> {
      await db
        .updateTable('devices')
        .set({ lastSeenAt: sql<Date>`now()`, pairedAt: sql<Date>`coalesce(paired_at, now())` })
        .where('id', '=', id)
        .execute()
    },

    async setSessionStaff(idHash: string, staff: { id: string; proof: StaffProof } | null) {
      const [staffId, staffProof] = staff ? [staff.id, staff.proof] : [null, null]
      await db
        .updateTable('deviceSessions')
        .set({ staffId, staffProof, staffActiveAt: staff ? sql<Date>`now()` : null })
        .where('idHash', '=', idHash)
        .execute()
    },

    async deleteSession(idHash: string): Promise<void> {
      await db.deleteFrom('deviceSessions').where('idHash', '=', idHash).execute()
    },

    async deleteSessionsOf(deviceId: string, audit?: AuditOf<number>): Promise<number> {
      return withAudit(
        db,
        async (trx) => {
          const r = await trx
            .deleteFrom('deviceSessions')
            .where('deviceId', '=', deviceId)
            .execute()
          await announceChange(trx, deviceId)
          return Number(r[0]?.numDeletedRows ?? 0n)
        },
        (ended) => audit?.(ended) ?? null,
      )
    },

    async countSessions(deviceId: string): Promise<number> {
      const r = await db
        .selectFrom('deviceSessions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('deviceId', '=', deviceId)
        .where('expiresAt', '>', sql<Date>`now()`)
        .executeTakeFirstOrThrow()
      return Number(r.n)
    },
  }
}

export type DeviceRepo = ReturnType<typeof createDeviceRepo>
