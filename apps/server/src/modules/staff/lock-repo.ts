/**
 * Wrong PINs per staff member and their lock: counted on the staff row across every device
 * (before the slow PIN check, so guesses sent at once all count), set back to 0 by a right PIN,
 * locked once too many came in a row. A lock signs the staff member out of every device (their
 * terminals are told) and, as every unlock, is recorded with where or by whom.
 */
import { STAFF_LOCK_AFTER_WRONG_PINS } from '@app/domain'
import { sql } from 'kysely'
import type { Db } from '../../db/database'
import { recordAudit, type AuditEvent } from '../audit'
import { DEVICE_EVENTS_CHANNEL } from '../devices'

export function createStaffLockRepo(db: Db) {
  return {
    /** Counts a PIN try for the staff member: the tries in a row so far, or null when locked. */
    async countTry(staffId: string): Promise<number | null> {
      const row = await db
        .updateTable('staff')
        .set({ wrongPins: sql<number>`wrong_pins + 1` })
        .where('id', '=', staffId)
        .where('lockedAt', 'is', null)
        .where('deletedAt', 'is', null)
        .returning('wrongPins')
        .executeTakeFirst()
      return row ? row.wrongPins : null
    },

    /** The PIN was right: the count starts again, and the PIN's length is known. */
    async rightPin(staffId: string, pinDigits: number): Promise<void> {
      await db
        .updateTable('staff')
        .set({ wrongPins: 0, pinDigits })
        .where('id', '=', staffId)
        .where('lockedAt', 'is', null)
        .execute()
    },

    /**
     * Locks the staff member if they have had too many wrong PINs in a row (true when they are
     * locked now, by this call or another), recorded with the device where it happened.
     */
    async lockIfSpent(businessId: string, staffId: string, deviceId: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const locked = await trx
          .updateTable('staff')
          .set({ lockedAt: sql<Date>`now()`, lockedAfterWrongPins: sql<number>`wrong_pins` })
          .where('id', '=', staffId)
          .where('businessId', '=', businessId)
          .where('lockedAt', 'is', null)
          .where('wrongPins', '>=', STAFF_LOCK_AFTER_WRONG_PINS)
          .returning('wrongPins')
          .executeTakeFirst()
        if (!locked) {
          const row = await trx
            .selectFrom('staff')
            .select('lockedAt')
            .where('id', '=', staffId)
            .executeTakeFirst()
          return row?.lockedAt != null
        }
        await trx
          .insertInto('staffLockEvents')
          .values({ businessId, staffId, event: 'locked', wrongPins: locked.wrongPins, deviceId })
          .execute()
        const sessions = await trx
          .updateTable('deviceSessions')
          .set({ staffId: null, staffProof: null, staffActiveAt: null })
          .where('staffId', '=', staffId)
          .returning('deviceId')
          .execute()
        for (const d of new Set(sessions.map((s) => s.deviceId))) {
          await sql`SELECT pg_notify(${DEVICE_EVENTS_CHANNEL},
            json_build_object('deviceId', ${d}::text)::text)`.execute(trx)
        }
        return true
      })
    },

    /** Unlocks the staff member (their count starts again), recorded with who did it. */
    async unlock(
      businessId: string,
      staffId: string,
      userId: string,
      audit?: AuditEvent,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('staff')
          .select('lockedAfterWrongPins')
          .where('id', '=', staffId)
          .where('businessId', '=', businessId)
          .where('deletedAt', 'is', null)
          .where('lockedAt', 'is not', null)
          .forUpdate()
          .executeTakeFirst()
        if (!row) return false
        await trx
          .updateTable('staff')
          .set({ lockedAt: null, lockedAfterWrongPins: null, wrongPins: 0 })
          .where('id', '=', staffId)
          .execute()
        const wrongPins = row.lockedAfterWrongPins ?? 0
        await trx
          .insertInto('staffLockEvents')
          .values({ businessId, staffId, event: 'unlocked', wrongPins, userId })
          .execute()
        if (audit) await recordAudit(trx, audit)
        return true
      })
    },

    /** The business's locked staff, longest locked first (the owner's alert). */
    locked(businessId: string) {
      return db
        .selectFrom('staff')
        .select(['id', 'name', 'lockedAt'])
        .where('businessId', '=', businessId)
        .where('deletedAt', 'is', null)
        .where('lockedAt', 'is not', null)
        .orderBy('lockedAt')
        .execute()
    },
  }
}

export type StaffLockRepo = ReturnType<typeof createStaffLockRepo>
