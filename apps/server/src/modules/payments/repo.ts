/**
 * Payments storage, one repository over three parts: the rows' writes (`write-repo.ts`: a
 * payment is written before the wallet is asked for anything, then attached or moved), the
 * settlement (`settle-repo.ts`: credited once, daily totals in the same transaction), and the
 * queries (`query-repo.ts`: one payment, and the open ones watchers and sweeps look at). Every
 * change is announced with pg_notify on PAYMENT_EVENTS_CHANNEL.
 */
import type { Db } from '../../db/database'
import { createPaymentQueries } from './query-repo'
import { createPaymentSettling } from './settle-repo'
import { createPaymentWrites } from './write-repo'

export { OPEN_STATUSES, type NewPayment, type PaymentEvent, type PaymentRow } from './row'
export type { SettleInput } from './settle-repo'

export function createPaymentRepo(db: Db) {
  return {
    ...createPaymentWrites(db),
    ...createPaymentSettling(db),
    ...createPaymentQueries(db),
  }
}

export type PaymentRepo = ReturnType<typeof createPaymentRepo>
