/**
 * Payments a business takes: how (the method) and where each one stands (the status).
 * A payment is open while pending or processing, and final once settled, expired or failed.
 */

/** Every way a payment reaches a business, in the order the sales pages list them. */
export const PAYMENT_METHODS = ['lightning', 'onchain', 'ecash', 'tip'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

/** The ways a cashier charges an amount at the till: an invoice or an address to pay. */
export const CHARGE_METHODS = ['lightning', 'onchain'] as const satisfies readonly PaymentMethod[]
export type ChargeMethod = (typeof CHARGE_METHODS)[number]

/** Every status, in the order the sales pages list them. */
export const PAYMENT_STATUSES = ['settled', 'processing', 'pending', 'expired', 'failed'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

/** Statuses a payment can still move on from. */
export const OPEN_PAYMENT_STATUSES = [
  'pending',
  'processing',
] as const satisfies readonly PaymentStatus[]

/** Statuses a payment never leaves. */
export const FINAL_PAYMENT_STATUSES = [
  'settled',
  'expired',
  'failed',
] as const satisfies readonly PaymentStatus[]
type FinalPaymentStatus = (typeof FINAL_PAYMENT_STATUSES)[number]

export function isFinalStatus(status: PaymentStatus): status is FinalPaymentStatus {
  return (FINAL_PAYMENT_STATUSES as readonly PaymentStatus[]).includes(status)
}

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return (PAYMENT_METHODS as readonly unknown[]).includes(value)
}

export function isPaymentStatus(value: unknown): value is PaymentStatus {
  return (PAYMENT_STATUSES as readonly unknown[]).includes(value)
}
