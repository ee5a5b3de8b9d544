/**
 * Refunds made at a terminal and the end-of-day (X and Z) reports: what the terminal sends and
 * the rules both sides check. A refund gives back all or part of a settled payment, counted in
 * the payment's own fiat value or in sats at the payment's own rate (never more than remains);
 * it is paid as a withdrawal, either to a destination the customer gives or through a
 * single-use LNURL-withdraw (LUD-03) the customer's wallet claims before it expires.
 */
import { z } from 'zod'

/** How long an LNURL-withdraw refund can be claimed. */
export const REFUND_LNURL_TTL_SEC = 10 * 60
/** Refund reports cover at most this many days. */
const REFUND_REPORT_MAX_DAYS = 93

const REFUND_BASES = ['fiat', 'sat'] as const
export type RefundBasis = (typeof REFUND_BASES)[number]

export const REFUND_STATES = ['open', 'sending', 'refunded', 'failed', 'expired'] as const
/** open: an LNURL waiting for the customer's wallet; sending: paid out, the outcome not known */
export type RefundState = (typeof REFUND_STATES)[number]

/** How a payment stands: not refunded, partly, or fully (sent or being sent). */
export type PaymentRefundState = 'none' | 'partly' | 'refunded'

const ZRefundPayout = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('lnurl') }),
  z.object({
    kind: z.literal('destination'),
    destination: z.string().trim().min(1).max(2_000),
  }),
])

export const ZRefundCreate = z.object({
  paymentId: z.uuid(),
  basis: z.enum(REFUND_BASES),
  /** minor units of the payment's currency (basis fiat) or sats */
  amount: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  payout: ZRefundPayout,
  /** made once per refund by the page: a double tap or a retry refunds once */
  idempotencyKey: z.uuid(),
})
export type TRefundCreate = z.input<typeof ZRefundCreate>

export const ZRefundPeriod = z
  .object({ from: z.iso.datetime({ offset: true }), to: z.iso.datetime({ offset: true }) })
  .refine((p) => Date.parse(p.from) < Date.parse(p.to), { message: 'The period ends first' })
  .refine((p) => Date.parse(p.to) - Date.parse(p.from) <= REFUND_REPORT_MAX_DAYS * 86_400_000, {
    message: `At most ${REFUND_REPORT_MAX_DAYS} days`,
  })

/** Z-0001: a device's closes, numbered from one. */
export function zNumber(n: number): string {
  return `Z-${String(n).padStart(4, '0')}`
}

/**
 * Sats for an amount of the payment's fiat at the payment's own rate, and the fiat share of an
 * amount in sats (half up, integers only).
 */
export function refundSats(fiatMinor: number, paid: { sat: number; fiatMinor: number }): number {
  return Number(
    (2n * BigInt(fiatMinor) * BigInt(paid.sat) + BigInt(paid.fiatMinor)) /
      (2n * BigInt(paid.fiatMinor)),
  )
}

export function refundFiat(sat: number, paid: { sat: number; fiatMinor: number }): number {
  return Number(
    (2n * BigInt(sat) * BigInt(paid.fiatMinor) + BigInt(paid.sat)) / (2n * BigInt(paid.sat)),
  )
}
