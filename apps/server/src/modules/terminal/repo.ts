/**
 * What the terminal reads and writes beyond the payment flow: the tip part of a payment, the
 * payments a till opened for a device (kiosk), whether a device session still stands, and what a
 * receipt shows.
 */
import { sql } from 'kysely'
import type { Db } from '../../db/database'
import { staffIdleLapsed } from '../devices'

/** A till's payments carry keys of this prefix (`pos/service.ts`). */
const POS_KEY_PREFIX = 'pos:'
/** A till's payment older than this no longer appears on a kiosk by itself. */
const KIOSK_WINDOW = '30 minutes'

export function createTerminalRepo(db: Db) {
  return {
    /** Records the tip part of a payment once; a retry of the same charge changes nothing. */
    async recordTip(t: {
      paymentId: string
      businessId: string
      tipSat: number
      tipFiatMinor: number | null
    }): Promise<void> {
      await db
        .insertInto('paymentTips')
        .values(t)
        .onConflict((oc) => oc.column('paymentId').doNothing())
        .execute()
    },

    async tipOf(paymentId: string): Promise<{ tipSat: number; tipFiatMinor: number | null }> {
      const r = await db
        .selectFrom('paymentTips')
        .select(['tipSat', 'tipFiatMinor'])
        .where('paymentId', '=', paymentId)
        .executeTakeFirst()
      if (!r) return { tipSat: 0, tipFiatMinor: null }
      return {
        tipSat: Number(r.tipSat),
        tipFiatMinor: r.tipFiatMinor === null ? null : Number(r.tipFiatMinor),
      }
    },

    /** The newest payment a till opened for this device that is still waiting, if any. */
    async openTillPayment(businessId: string, deviceId: string): Promise<string | null> {
      const r = await db
        .selectFrom('payments')
        .select('id')
        .where('businessId', '=', businessId)
        .where('deviceId', '=', deviceId)
        .where('status', 'in', ['pending', 'processing'])
        .where('idempotencyKey', 'like', `${POS_KEY_PREFIX}%`)
        .where('createdAt', '>', sql<Date>`now() - ${KIOSK_WINDOW}::interval`)
        .orderBy('createdAt', 'desc')
        .limit(1)
        .executeTakeFirst()
      return r?.id ?? null
    },

    /**
     * The session's staff member (none once idle too long) and whether its device is now a
     * kiosk, or undefined when the session no longer stands.
     */
    async session(
      idHash: string,
    ): Promise<{ staffId: string | null; isKiosk: boolean } | undefined> {
      const r = await db
        .selectFrom('deviceSessions as s')
        .innerJoin('devices as d', 'd.id', 's.deviceId')
        .select(['s.staffId', 'd.isKiosk', staffIdleLapsed.as('staffLapsed')])
        .where('s.idHash', '=', idHash)
        .where('s.expiresAt', '>', sql<Date>`now()`)
        .where('d.deletedAt', 'is', null)
        .executeTakeFirst()
      return r && { staffId: r.staffLapsed ? null : r.staffId, isKiosk: r.isKiosk }
    },

    /** Who took a payment: the device's and the staff member's names. */
    async takenBy(paymentId: string) {
      return db
        .selectFrom('payments as p')
        .leftJoin('devices as d', 'd.id', 'p.deviceId')
        .leftJoin('staff as s', 's.id', 'p.staffId')
        .select(['d.name as deviceName', 's.name as staffName', 'p.deviceId'])
        .where('p.id', '=', paymentId)
        .executeTakeFirst()
    },

    /** The business a payment belongs to (a public receipt knows only the payment). */
    async businessOf(paymentId: string) {
      return db
        .selectFrom('payments as p')
        .innerJoin('businesses as b', 'b.id', 'p.businessId')
        .select(['b.id', 'b.currency', 'b.onboardingStep'])
        .where('p.id', '=', paymentId)
        .executeTakeFirst()
    },

    business(id: string) {
      return db
        .selectFrom('businesses')
        .select(['id', 'currency', 'onboardingStep'])
        .where('id', '=', id)
        .executeTakeFirst()
    },
  }
}

export type TerminalRepo = ReturnType<typeof createTerminalRepo>
