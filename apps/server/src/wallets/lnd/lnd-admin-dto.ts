/**
 * lnd's and loopd's REST replies the node administration adapter reads, parsed (int64 strings
 * become numbers, base64 bytes hex) and mapped to the port's types.
 */
import { z } from 'zod'
import type {
  AutoloopRule,
  AutoloopSuggestions,
  Channel,
  ChannelBackup,
  LoopOutQuote,
  NodeInfo,
  OnchainTransaction,
  PendingChannel,
  Swap,
} from '../node-admin'
import { b64 } from './lnd-client'

const int64 = z.union([z.string(), z.number()]).default('0').transform(Number)
const list = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .nullish()
    .transform((v) => v ?? [])

export const ZWalletState = z.object({
  state: z.enum([
    'NON_EXISTING',
    'LOCKED',
    'UNLOCKED',
    'RPC_ACTIVE',
    'SERVER_ACTIVE',
    'WAITING_TO_START',
  ]),
})

export const ZGenSeed = z.object({ cipher_seed_mnemonic: z.array(z.string()).length(24) })
export const ZInitWallet = z.object({ admin_macaroon: z.string().min(1) })

export const ZGetInfo = z
  .object({
    identity_pubkey: z.string(),
    alias: z.string().default(''),
    block_height: z.number().default(0),
    synced_to_chain: z.boolean().default(false),
    synced_to_graph: z.boolean().default(false),
    num_active_channels: z.number().default(0),
    num_pending_channels: z.number().default(0),
    version: z.string().default(''),
    uris: list(z.string()),
  })
  .transform((i): NodeInfo => ({
    pubkey: i.identity_pubkey,
    alias: i.alias,
    blockHeight: i.block_height,
    syncedToChain: i.synced_to_chain,
    syncedToGraph: i.synced_to_graph,
    activeChannels: i.num_active_channels,
    pendingChannels: i.num_pending_channels,
    version: i.version,
    uris: i.uris,
  }))

export const ZChainBalance = z
  .object({
    total_balance: int64,
    confirmed_balance: int64,
    unconfirmed_balance: int64,
    reserved_balance_anchor_chan: int64,
  })
  .transform((b) => ({
    confirmedSat: b.confirmed_balance,
    unconfirmedSat: b.unconfirmed_balance,
    totalSat: b.total_balance,
    reservedAnchorSat: b.reserved_balance_anchor_chan,
  }))

export const ZNewAddress = z.object({ address: z.string().min(1) })

const ZTransaction = z
  .object({
    tx_hash: z.string(),
    amount: int64,
    num_confirmations: z.number().default(0),
    block_height: z.number().default(0),
    time_stamp: int64,
    output_details: list(
      z.object({ address: z.string().default(''), amount: int64, is_our_address: z.boolean() }),
    ),
  })
  .transform((t): OnchainTransaction => ({
    txid: t.tx_hash,
    amountSat: t.amount,
    confirmations: t.num_confirmations,
    blockHeight: t.block_height,
    time: new Date(t.time_stamp * 1000),
    outputs: t.output_details.map((o) => ({
      address: o.address,
      amountSat: o.amount,
      isOurs: o.is_our_address,
    })),
  }))
export const ZTransactions = z.object({ transactions: list(ZTransaction) })

const ZChannel = z
  .object({
    active: z.boolean().default(false),
    remote_pubkey: z.string(),
    channel_point: z.string(),
    chan_id: z.string().default('0'),
    capacity: int64,
    local_balance: int64,
    remote_balance: int64,
    pending_htlcs: list(z.unknown()),
  })
  .transform((c): Channel => ({
    channelPoint: c.channel_point,
    channelId: c.chan_id,
    peerPubkey: c.remote_pubkey,
    capacitySat: c.capacity,
    localSat: c.local_balance,
    remoteSat: c.remote_balance,
    active: c.active,
    pendingHtlcCount: c.pending_htlcs.length,
  }))
export const ZChannels = z.object({ channels: list(ZChannel) })

const ZPendingChannel = z.object({
  remote_node_pub: z.string(),
  channel_point: z.string(),
  capacity: int64,
  local_balance: int64,
  remote_balance: int64,
})
const pending =
  (state: PendingChannel['state']) =>
  (p: { channel: z.infer<typeof ZPendingChannel> }): PendingChannel => ({
    channelPoint: p.channel.channel_point,
    peerPubkey: p.channel.remote_node_pub,
    capacitySat: p.channel.capacity,
    localSat: p.channel.local_balance,
    remoteSat: p.channel.remote_balance,
    state,
  })
const withChannel = z.object({ channel: ZPendingChannel })
export const ZPendingChannels = z
  .object({
    pending_open_channels: list(withChannel),
    pending_closing_channels: list(withChannel),
    pending_force_closing_channels: list(withChannel),
    waiting_close_channels: list(withChannel),
  })
  .transform((r): PendingChannel[] => [
    ...r.pending_open_channels.map(pending('opening')),
    ...r.pending_closing_channels.map(pending('closing')),
    ...r.pending_force_closing_channels.map(pending('force_closing')),
    ...r.waiting_close_channels.map(pending('waiting_close')),
  ])

const ZAmount = z.object({ sat: int64 }).nullish()
export const ZChannelBalance = z
  .object({
    local_balance: ZAmount,
    remote_balance: ZAmount,
    pending_open_local_balance: ZAmount,
    pending_open_remote_balance: ZAmount,
  })
  .transform((b) => ({
    localSat: b.local_balance?.sat ?? 0,
    remoteSat: b.remote_balance?.sat ?? 0,
    pendingOpenLocalSat: b.pending_open_local_balance?.sat ?? 0,
    pendingOpenRemoteSat: b.pending_open_remote_balance?.sat ?? 0,
  }))

/** A funding outpoint: lnd gives the txid as reversed bytes (base64) or as a display string. */
const ZChannelPoint = z
  .object({
    funding_txid_bytes: z.string().optional(),
    funding_txid_str: z.string().optional(),
    output_index: z.number(),
  })
  .refine((p) => p.funding_txid_bytes || p.funding_txid_str, 'a channel point without txid')
  .transform((p) => {
    const txid =
      p.funding_txid_str ||
      Buffer.from(p.funding_txid_bytes ?? '', 'base64')
        .reverse()
        .toString('hex')
    return `${txid}:${p.output_index}`
  })
export const ZOpenChannel = ZChannelPoint

export const ZChannelBackup = z
  .object({
    multi_chan_backup: z.object({
      chan_points: list(ZChannelPoint),
      multi_chan_backup: z.string(),
    }),
  })
  .transform((b): ChannelBackup => ({
    multiChannelBackup: b.multi_chan_backup.multi_chan_backup,
    channelPoints: b.multi_chan_backup.chan_points,
  }))

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
export type LiquidityParams = z.infer<typeof ZLiquidityParams>

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

/** lnd 0.18 lists the verified channel points as `txid:index` strings. */
export const ZVerifiedBackup = z.object({ chan_points: list(z.string()) })
