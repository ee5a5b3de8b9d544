/**
 * Kraken's funding replies as the wallet adapter reads them: XBT amounts as decimal strings
 * (8 or 10 places) turned into whole satoshis without floats, deposit entries validated.
 */
import { z } from 'zod'

const XBT_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/

/** "0.0001234500" -> 12345; digits below one satoshi are dropped. */
export function xbtToSat(value: string): number {
  const m = XBT_DECIMAL.exec(value.trim())
  if (!m) throw new Error(`not an XBT amount: ${value}`)
  const sat = Number(m[2]) * 100_000_000 + Number((m[3] ?? '').slice(0, 8).padEnd(8, '0'))
  return m[1] ? -sat : sat
}

export const ZKrakenDeposit = z.object({
  method: z.string(),
  txid: z.string().default(''),
  info: z.string().default(''),
  amount: z.string(),
  time: z.number(),
  /** Initial, Pending, Settled (seen, not yet credited), Success (credited), Failure */
  status: z.string(),
})
export type KrakenDepositEntry = z.infer<typeof ZKrakenDeposit>

/** DepositStatus answers a plain list, or a page `{ deposit: [...] }` when asked with a cursor. */
export const ZKrakenDeposits = z
  .union([z.array(ZKrakenDeposit), z.object({ deposit: z.array(ZKrakenDeposit) })])
  .transform((r) => (Array.isArray(r) ? r : r.deposit))

export const isCredited = (d: KrakenDepositEntry) => d.status === 'Success'

/** The account's bitcoin: Kraken names the asset XXBT (older) or XBT. */
export function xbtBalanceSat(balances: Record<string, string>): number {
  const value = balances.XXBT ?? balances.XBT
  return value === undefined ? 0 : Math.max(0, xbtToSat(value))
}
