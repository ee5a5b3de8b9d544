/**
 * Lightning Loop on a merchant's own node: autoloop (funds leave the channel for the merchant's
 * own on-chain address once it fills past a target) and manual loop outs, with their statuses
 * and the reasons loopd gives when autoloop does not run.
 */
import { z } from 'zod'

/** A loop out as the platform records it: a row before the request, followed until final. */
export const LOOP_SWAP_STATUSES = [
  'pending',
  'initiated',
  'htlc_published',
  'preimage_revealed',
  'succeeded',
  'failed',
  'unknown',
] as const
export type LoopSwapStatus = (typeof LOOP_SWAP_STATUSES)[number]

export const FINAL_LOOP_SWAP_STATUSES: readonly LoopSwapStatus[] = ['succeeded', 'failed']

export function isFinalLoopSwapStatus(status: LoopSwapStatus): boolean {
  return FINAL_LOOP_SWAP_STATUSES.includes(status)
}

/** Who started a swap: the merchant, or loopd's autoloop. */
export const LOOP_INITIATORS = ['merchant', 'autoloop'] as const
export type LoopInitiator = (typeof LOOP_INITIATORS)[number]

/** Why loopd did not suggest (or start) a swap for a channel (looprpc.AutoReason, shortened). */
const AUTOLOOP_REASONS = [
  'BUDGET_NOT_STARTED',
  'SWEEP_FEES',
  'BUDGET_ELAPSED',
  'IN_FLIGHT',
  'SWAP_FEE',
  'MINER_FEE',
  'PREPAY',
  'FAILURE_BACKOFF',
  'LOOP_OUT',
  'LOOP_IN',
  'LIQUIDITY_OK',
  'BUDGET_INSUFFICIENT',
  'FEE_INSUFFICIENT',
  'UNKNOWN',
] as const
type AutoloopReason = (typeof AUTOLOOP_REASONS)[number]

export function toAutoloopReason(raw: string): AutoloopReason {
  const short = raw.replace(/^AUTO_REASON_/, '')
  return (AUTOLOOP_REASONS as readonly string[]).includes(short)
    ? (short as AutoloopReason)
    : 'UNKNOWN'
}

/** What the swap server keeps when a loop out fails after its prepay was paid, at most. */
export const LOOP_MAX_PREPAY_SAT = 30_000

export const AUTOLOOP_MIN_FEE_PERCENT = 0.1
export const AUTOLOOP_MAX_FEE_PERCENT = 5
const AUTOLOOP_MAX_BUDGET_SAT = 10_000_000

/** Autoloop set up by the merchant (easy autoloop on a local balance target). */
export const ZAutoloopSetup = z.object({
  /** the merchant's own on-chain address (checked for the network by the server) */
  destAddress: z.string().trim().min(1).max(120),
  /** funds leave the channel once its spending balance passes this */
  thresholdSat: z.number().int().min(0).max(100_000_000),
  /** the most autoloop may spend on fees in total */
  budgetSat: z.number().int().min(1).max(AUTOLOOP_MAX_BUDGET_SAT),
  /** the most the fees of one swap may be, as a share of its amount */
  maxFeePercent: z.number().min(AUTOLOOP_MIN_FEE_PERCENT).max(AUTOLOOP_MAX_FEE_PERCENT),
})
export type AutoloopSetup = z.infer<typeof ZAutoloopSetup>

export const ZLoopQuoteInput = z.object({
  amountSat: z.number().int().min(1).max(100_000_000),
})

/** A manual loop out, within the fees of the quote the merchant confirmed. */
export const ZLoopOutInput = z.object({
  amountSat: z.number().int().min(1).max(100_000_000),
  /** empty: the node's own on-chain wallet */
  destAddress: z.string().trim().max(120).optional(),
  idempotencyKey: z.uuid(),
  quote: z.object({
    swapFeeSat: z.number().int().min(0),
    prepaySat: z.number().int().min(0),
    sweepFeeSat: z.number().int().min(0),
    confTarget: z.number().int().min(1).max(1_000),
  }),
})
export type LoopOutInput = z.infer<typeof ZLoopOutInput>

type AutoloopState = 'not_enabled' | 'about_to_activate' | 'enabled'

/**
 * Autoloop's state for the merchant: off; enabled and waiting for about `receiveMoreSat` more
 * before it moves funds out (the smallest swap on top of the threshold); or about to move them.
 */
export function autoloopState(input: {
  enabled: boolean
  thresholdSat: number
  localSat: number
  minSwapSat: number
}): { state: AutoloopState; receiveMoreSat: number } {
  if (!input.enabled) return { state: 'not_enabled', receiveMoreSat: 0 }
  const more = input.thresholdSat + input.minSwapSat - input.localSat
  return more > 0
    ? { state: 'enabled', receiveMoreSat: more }
    : { state: 'about_to_activate', receiveMoreSat: 0 }
}
