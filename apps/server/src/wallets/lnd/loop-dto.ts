/**
 * loopd's REST replies the node administration adapter reads (terms, quotes, swaps, liquidity
 * parameters, autoloop's suggestions), parsed (int64 strings become numbers, base64 bytes hex)
 * and mapped to the port's types.
 */
import { z } from 'zod'
import type { AutoloopRule, AutoloopSuggestions, LoopOutQuote, Swap } from '../node-admin'
import { b64 } from './lnd-client'
import { int64, list } from './lnd-dto'

export const ZLoopOutTerms = z
  .object({ min_swap_amount: int64, max_swap_amount: int64 })
  .transform((t) => ({ minSat: t.min_swap_amount, maxSat: t.max_swap_amount }))

export const ZLoopOutQuote = (amountSat: number) =>
  z
    .object({
      swap_fee_sat: int64,
      prepay_amt_sat: int64,
      htlc_sweep_fee_sat: int64,
      conf_target: z.number().default(9),
    })
    .transform((q): LoopOutQuote => ({
      amountSat,
      swapFeeSat: q.swap_fee_sat,
      prepaySat: q.prepay_amt_sat,
      sweepFeeSat: q.htlc_sweep_fee_sat,
      confTarget: q.conf_target,
    }))

export const ZLoopOutStarted = z
  .object({ id_bytes: z.string() })
  .transform((r) => ({ id: b64.toHex(r.id_bytes) }))

const nsToDate = (ns: number) => new Date(Math.floor(ns / 1e6))

export const ZSwap = z
  .object({
    id_bytes: z.string(),
    type: z.enum(['LOOP_OUT', 'LOOP_IN']),
    state: z.enum([
      'INITIATED',
      'PREIMAGE_REVEALED',
      'HTLC_PUBLISHED',
      'SUCCESS',
      'FAILED',
      'INVOICE_SETTLED',
    ]),
    amt: int64,
    failure_reason: z.string().default('FAILURE_REASON_NONE'),
    initiation_time: int64,
    last_update_time: int64,
    cost_server: int64,
    cost_onchain: int64,
    cost_offchain: int64,
    label: z.string().default(''),
  })
  .transform((s): Swap => ({
    id: b64.toHex(s.id_bytes),
    type: s.type === 'LOOP_OUT' ? 'loop_out' : 'loop_in',
    state: s.state,
    amountSat: s.amt,
    failureReason: s.failure_reason === 'FAILURE_REASON_NONE' ? null : s.failure_reason,
    initiatedAt: nsToDate(s.initiation_time),
    updatedAt: nsToDate(s.last_update_time),
    costSat: { server: s.cost_server, onchain: s.cost_onchain, offchain: s.cost_offchain },
    label: s.label,
  }))
export const ZSwaps = z.object({ swaps: list(ZSwap) })

/**
 * loopd's liquidity parameters, kept whole: setting them replaces all of them, so the adapter
 * changes only the fields the port speaks about and sends the rest back as they were.
 */
export const ZLiquidityParams = z.looseObject({
  autoloop: z.boolean().default(false),
  autoloop_dest_address: z.string().default(''),
  autoloop_budget_sat: int64,
  autoloop_budget_start_sec: int64,
  auto_max_in_flight: int64,
  easy_autoloop: z.boolean().default(false),
  easy_autoloop_local_target_sat: int64,
  fee_ppm: int64,
  rules: list(
    z.looseObject({
      channel_id: z.union([z.string(), z.number()]).default('0').transform(String),
      pubkey: z.string().default(''),
      incoming_threshold: z.number().default(0),
      outgoing_threshold: z.number().default(0),
    }),
  ),
})
type LiquidityParams = z.infer<typeof ZLiquidityParams>

export function toAutoloopRule(r: LiquidityParams['rules'][number]): AutoloopRule {
  return {
    channelId: r.channel_id === '0' ? null : r.channel_id,
    peerPubkey: r.pubkey ? b64.toHex(r.pubkey) : null,
    incomingThresholdPercent: r.incoming_threshold,
    outgoingThresholdPercent: r.outgoing_threshold,
  }
}

export const ZSuggestSwaps = z
  .object({
    loop_out: list(
      z.object({ amt: int64, outgoing_chan_set: list(z.union([z.string(), z.number()])) }),
    ),
    disqualified: list(
      z.object({
        channel_id: z.union([z.string(), z.number()]).default('0').transform(String),
        pubkey: z.string().default(''),
        reason: z.string().default('AUTO_REASON_UNKNOWN'),
      }),
    ),
  })
  .transform((r): AutoloopSuggestions => ({
    loopOut: r.loop_out.map((o) => ({
      amountSat: o.amt,
      channelIds: o.outgoing_chan_set.map(String),
    })),
    disqualified: r.disqualified.map((d) => ({
      channelId: d.channel_id,
      peerPubkey: d.pubkey ? b64.toHex(d.pubkey) : '',
      reason: d.reason,
    })),
  }))
