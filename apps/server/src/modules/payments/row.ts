/**
 * A payment row as the repositories hand it out, and what they announce when one changes.
 * Derived from the `payments` table of the schema; int8 amounts as numbers.
 */
import type { Selectable } from 'kysely'
import type { PaymentMethod, PaymentsTable } from '../../db/schema'
import type { Int8AsNumber } from '../../db/rows'

export const PAYMENT_EVENTS_CHANNEL = 'payment_events'

export { UTC_MICROS } from '../../db/rows'

/** What a payment change announces: which payment, whose, and its `updated_at` (UTC_MICROS). */
export interface PaymentEvent {
  id: string
  businessId: string
  at: string
}

export const PAYMENT_COLUMNS = [
  'id',
  'businessId',
  'method',
  'status',
  'amountSat',
  'receivedSat',
  'feeSat',
  'currency',
  'fiatMinor',
  'memo',
  'deviceId',
  'staffId',
  'orderReference',
  'tipPageId',
  'paymentHash',
  'paymentRequest',
  'address',
  'txid',
  'confirmations',
  'expiresAt',
  'settledAt',
  'failureReason',
  'createdAt',
  'updatedAt',
] as const

/** A payment row as read: the schema's columns, int8 amounts as the strings pg gives. */
export type RawPayment = Pick<Selectable<PaymentsTable>, (typeof PAYMENT_COLUMNS)[number]>

/** A payment row: the schema's columns, int8 amounts as numbers. */
export type PaymentRow = Int8AsNumber<
  RawPayment,
  'amountSat' | 'receivedSat' | 'feeSat' | 'fiatMinor'
>

/** Statuses of a payment still waiting for its money (the partial indexes' predicate, 0009). */
export const OPEN_STATUSES = ['pending', 'processing'] as const

export function toPayment(r: RawPayment): PaymentRow {
  return {
    ...r,
    amountSat: Number(r.amountSat),
    receivedSat: Number(r.receivedSat),
    feeSat: Number(r.feeSat),
    fiatMinor: r.fiatMinor === null ? null : Number(r.fiatMinor),
  }
}

/** A payment to write, before the wallet is asked for anything. */
export interface NewPayment {
  businessId: string
  method: PaymentMethod
  amountSat: number
  currency: string
  fiatMinor: number | null
  memo: string
  tipPageId?: string | null
  deviceId?: string | null
  /** who took it at the device, and the till's order reference (POS) */
  staffId?: string | null
  orderReference?: string | null
  idempotencyKey?: string | null
  /** `processing` for a payment already under way when written */
  status?: 'pending' | 'processing'
}
