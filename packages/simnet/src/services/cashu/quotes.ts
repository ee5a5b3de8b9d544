/**
 * What mint and melt quotes share (NUT-04, NUT-05, NUT-23 bolt11): limits, ids, JSON shapes.
 */
import { randomBytes } from 'node:crypto'
import { CashuCode, fail } from './errors'
import { UNIT } from './keysets'
import type { MeltQuoteRecord, MintQuoteRecord } from './state'

export const MIN_AMOUNT_SAT = 1
export const MAX_AMOUNT_SAT = 10_000_000

export const nowSec = (): number => Math.floor(Date.now() / 1000)

/** UUID v7: 48-bit ms timestamp, then random bits (NUT-04/05 quote ids). */
export function uuidv7(): string {
  const b = randomBytes(16)
  const ms = BigInt(Date.now())
  for (let i = 0; i < 6; i++) b[i] = Number((ms >> BigInt(8 * (5 - i))) & 0xffn)
  b[6] = 0x70 | ((b[6] ?? 0) & 0x0f)
  b[8] = 0x80 | ((b[8] ?? 0) & 0x3f)
  const h = b.toString('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

export function mintQuoteJson(q: MintQuoteRecord): Record<string, unknown> {
  return {
    quote: q.quote,
    request: q.request,
    amount: q.amount,
    unit: q.unit,
    state: q.state,
    expiry: q.expiry,
  }
}

export function meltQuoteJson(q: MeltQuoteRecord): Record<string, unknown> {
  return {
    quote: q.quote,
    request: q.request,
    amount: q.amount,
    unit: q.unit,
    fee_reserve: q.feeReserve,
    state: q.state,
    expiry: q.expiry,
    payment_preimage: q.preimage,
  }
}

export function checkUnit(unit: string): void {
  if (unit !== UNIT) fail(CashuCode.UNIT_UNSUPPORTED, `unit '${unit}' is not supported`)
}

export function checkAmount(amount: number): void {
  if (amount < MIN_AMOUNT_SAT || amount > MAX_AMOUNT_SAT) {
    fail(
      CashuCode.AMOUNT_OUT_OF_RANGE,
      `amount ${amount} is outside the range ${MIN_AMOUNT_SAT}..${MAX_AMOUNT_SAT}`,
    )
  }
}
