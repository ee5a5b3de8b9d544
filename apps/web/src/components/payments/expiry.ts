/** How much of an invoice's life is left, for the countdown bar under the QR code. */

export type ExpiryTone = 'normal' | 'warning' | 'critical'

/** The bar turns amber with 30 % of the time left and red with 10 %. */
const WARNING_FRACTION = 0.3
const CRITICAL_FRACTION = 0.1

export interface ExpiryProgress {
  /** 1 when just created, 0 when expired. */
  fractionLeft: number
  secondsLeft: number
  tone: ExpiryTone
  isExpired: boolean
}

export function expiryProgress(createdAt: Date, expiresAt: Date, now: number): ExpiryProgress {
  const total = expiresAt.getTime() - createdAt.getTime()
  const left = expiresAt.getTime() - now
  const fractionLeft = total > 0 ? Math.min(1, Math.max(0, left / total)) : 0
  return {
    fractionLeft,
    secondsLeft: Math.max(0, Math.ceil(left / 1000)),
    tone:
      fractionLeft <= CRITICAL_FRACTION
        ? 'critical'
        : fractionLeft <= WARNING_FRACTION
          ? 'warning'
          : 'normal',
    isExpired: left <= 0,
  }
}
