/**
 * Money: integer satoshis; fiat as integer minor units (pence, cents) of GBP, USD or EUR;
 * prices as minor units per whole bitcoin. Conversions round half up (to the nearest unit,
 * ties away from zero), in integer arithmetic so no float ever touches an amount.
 */
const SATS_PER_BTC = 100_000_000n

/** The most one payment can take: one bitcoin. */
export const MAX_PAYMENT_SAT = 100_000_000
/** The least one payment can take. */
export const MIN_PAYMENT_SAT = 1

function divRoundHalfUp(n: bigint, d: bigint): bigint {
  const sign = n < 0n ? -1n : 1n
  const abs = n < 0n ? -n : n
  return sign * ((abs + d / 2n) / d)
}

/** fiatMinor = round(sat × minorPerBtc / 100,000,000), half up. */
export function satToFiatMinor(amountSat: number, priceMinorPerBtc: number): number {
  return Number(divRoundHalfUp(BigInt(amountSat) * BigInt(priceMinorPerBtc), SATS_PER_BTC))
}

/** sat = round(fiatMinor × 100,000,000 / minorPerBtc), half up. */
export function fiatMinorToSat(fiatMinor: number, priceMinorPerBtc: number): number {
  if (priceMinorPerBtc <= 0) throw new RangeError('The price must be positive')
  return Number(divRoundHalfUp(BigInt(fiatMinor) * SATS_PER_BTC, BigInt(priceMinorPerBtc)))
}

/** "0.003" for 300000 sat: the BTC decimal BIP21 wants, without trailing zeros. */
export function satToBtcString(amountSat: number): string {
  const whole = BigInt(amountSat) / SATS_PER_BTC
  const frac = (BigInt(amountSat) % SATS_PER_BTC).toString().padStart(8, '0').replace(/0+$/, '')
  return frac ? `${whole}.${frac}` : whole.toString()
}

/** "0.00012345" for 12,345 sats: all eight decimals, without rounding through a float. */
export function satToBtcFixed(amountSat: number): string {
  const whole = BigInt(amountSat) / SATS_PER_BTC
  const fraction = (BigInt(amountSat) % SATS_PER_BTC).toString().padStart(8, '0')
  return `${whole}.${fraction}`
}

/** Whether one payment may take this many sats. */
export function isPayableSat(amountSat: number): boolean {
  return (
    Number.isSafeInteger(amountSat) && amountSat >= MIN_PAYMENT_SAT && amountSat <= MAX_PAYMENT_SAT
  )
}
