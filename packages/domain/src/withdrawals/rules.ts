/**
 * Withdrawal rules the server enforces and the page shows: statuses, the Lightning fee limit,
 * on-chain priorities and fee-rate bounds, the dust limit.
 */

/** pending (a row, nothing sent) -> sending -> succeeded | failed | unknown (a job follows it). */
export const WITHDRAWAL_STATUSES = ['pending', 'sending', 'succeeded', 'failed', 'unknown'] as const
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number]

/** Statuses during which nothing else may be sent from the same wallet. */
export const IN_FLIGHT_WITHDRAWAL_STATUSES = [
  'sending',
  'unknown',
] as const satisfies readonly WithdrawalStatus[]

/** How the money leaves: over Lightning or on chain. */
export const WITHDRAWAL_RAILS = ['lightning', 'onchain'] as const
export type WithdrawalRail = (typeof WITHDRAWAL_RAILS)[number]

/**
 * The most a Lightning payment may spend on routing: the larger of 1 % and 10 sats. Passed to
 * the node, so no route can cost more.
 */
export function lightningFeeLimitSat(amountSat: number): number {
  return Math.max(Math.ceil(amountSat / 100), 10)
}

/** The largest amount payable over Lightning from `spendableSat` with its fee limit kept. */
export function maxLightningSendSat(spendableSat: number): number {
  if (spendableSat <= 10) return 0
  // amount + max(ceil(amount/100), 10) <= spendable
  let amount = Math.max(0, Math.floor((spendableSat * 100) / 101))
  while (amount > 0 && amount + lightningFeeLimitSat(amount) > spendableSat) amount--
  return amount
}

/** On-chain priorities (spec section 9) and the confirmation target each asks the wallet for. */
export const ONCHAIN_PRIORITIES = ['low', 'medium', 'high', 'custom'] as const
export type OnchainPriority = (typeof ONCHAIN_PRIORITIES)[number]

export const PRIORITY_TARGET_BLOCKS: Readonly<Record<Exclude<OnchainPriority, 'custom'>, number>> =
  { low: 144, medium: 6, high: 1 }

/** Expected minutes to the first confirmation for a block target (10 minutes a block). */
export function expectedMinutes(targetBlocks: number): number {
  return targetBlocks * 10
}

/** A custom fee rate must lie within these (sat/vB). */
export const MIN_FEE_RATE_SAT_VB = 1
export const MAX_FEE_RATE_SAT_VB = 1_000

/** Outputs below this are refused on chain (the largest standard dust limit, P2PKH). */
export const DUST_LIMIT_SAT = 546

/** Longest LNURL-pay comment the product sends, whatever the service allows. */
export const MAX_LNURL_COMMENT_LENGTH = 280
