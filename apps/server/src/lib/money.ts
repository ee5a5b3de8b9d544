/**
 * Money: integer satoshis; fiat as integer minor units (pence, cents) of GBP, USD or EUR;
 * prices as minor units per whole bitcoin. Conversions round half up (to the nearest unit,
 * ties away from zero), in integer arithmetic so no float ever touches an amount.
 */
export const SATS_PER_BTC = 100_000_000n

function divRoundHalfUp(n: bigint, d: bigint): bigint {
  const sign = n < 0n ? -1n : 1n
  const abs = n < 0n ? -n : n
  return sign * ((abs + d / 2n) / d)
}

export function satToFiatMinor(amountSat: number, priceMinorPerBtc: number): number {
  return Number(divRoundHalfUp(BigInt(amountSat) * BigInt(priceMinorPerBtc), SATS_PER_BTC))
}

export function fiatMinorToSat(fiatMinor: number, priceMinorPerBtc: number): number {
  if (priceMinorPerBtc <= 0) throw new RangeError('price must be positive')
  return Number(divRoundHalfUp(BigInt(fiatMinor) * SATS_PER_BTC, BigInt(priceMinorPerBtc)))
}

/** "0.003" for 300000 sat: the BTC decimal BIP21 wants, without trailing zeros. */
export function satToBtcString(amountSat: number): string {
  const whole = BigInt(amountSat) / SATS_PER_BTC
  const frac = (BigInt(amountSat) % SATS_PER_BTC).toString().padStart(8, '0').replace(/0+$/, '')
  return frac ? `${whole}.${frac}` : whole.toString()
}
