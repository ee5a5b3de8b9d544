/**
 * lnd's REST replies the node administration adapter reads, parsed (int64 strings become
 * numbers, base64 bytes hex) and mapped to the port's types. loopd's are in loop-dto.
 */
import { z } from 'zod'
import type {
  Channel,
  ChannelBackup,
  NodeInfo,
  OnchainTransaction,
  PendingChannel,
} from '../node-admin'
import { int64, list } from './lnd-dto'

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

/** lnd 0.18 lists the verified channel points as `txid:index` strings. */
export const ZVerifiedBackup = z.object({ chan_points: list(z.string()) })
