/** What the POS API reads and changes beyond the payment flow: the business, and cancelling. */
import { sql } from 'kysely'
import type { Db } from '../../db/database'
import { announce } from '../payments'

export function createPosRepo(db: Db) {
  return {
    business(id: string) {
      return db
        .selectFrom('businesses')
        .select(['id', 'currency', 'onboardingStep'])
        .where('id', '=', id)
        .executeTakeFirst()
    },

    /** Tells every instance of a new payment: its device's terminal shows it (kiosk). */
    announceNew: (id: string) => announce(db, id),

    /**
     * Cancels a payment of this device still waiting for its money: it is closed as expired (a
     * payment that still arrives for it later is credited, as for any lapsed invoice, so no
     * money goes unrecorded). False when it was not pending.
     */
    async cancel(businessId: string, deviceId: string, id: string): Promise<boolean> {
      const r = await db
        .updateTable('payments')
        .set({
          status: 'expired',
          failureReason: 'PAYMENT_CANCELLED',
          updatedAt: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .where('businessId', '=', businessId)
        .where('deviceId', '=', deviceId)
        .where('status', '=', 'pending')
        .returning('id')
        .executeTakeFirst()
      if (r) await announce(db, r.id)
      return r !== undefined
    },
  }
}

export type PosRepo = ReturnType<typeof createPosRepo>
