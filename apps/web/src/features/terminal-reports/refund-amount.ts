/**
 * What the refund form reads: an amount typed in the payment's currency (to minor units) or in
 * sats, and a key naming one refund (a UUID, also where crypto.randomUUID is missing).
 */
import { FIAT_DECIMALS, MINOR_PER_MAJOR, type RefundBasis } from '@app/domain'

/** 12.5 / 12,50 -> 1250 (fiat); 2100 -> 2100 (sats); null for anything else. */
export function parseRefundAmount(text: string, basis: RefundBasis): number | null {
  const t = text.trim().replace(/\s/g, '')
  if (basis === 'sat') return /^\d{1,10}$/.test(t) && Number(t) > 0 ? Number(t) : null
  const m = new RegExp(`^(\\d{1,9})(?:[.,](\\d{1,${FIAT_DECIMALS}}))?$`).exec(t)
  if (!m) return null
  const minor =
    Number(m[1]) * MINOR_PER_MAJOR + Number((m[2] ?? '').padEnd(FIAT_DECIMALS, '0') || 0)
  return minor > 0 ? minor : null
}

/** Minor units as the form shows them: 1250 -> "12.50". */
export function minorToInput(minor: number): string {
  return (minor / MINOR_PER_MAJOR).toFixed(FIAT_DECIMALS)
}

export function newRefundKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const b = crypto.getRandomValues(new Uint8Array(16))
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}
