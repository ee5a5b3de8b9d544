/**
 * How far a channel deposit has got, read from what the node and its host report: what arrived
 * at the deposit address, and how the channel opening went. Pure: the service does the asking.
 */
import type { OnchainInvoiceStatus } from '../../db/schema'
import type { Channel, OnchainTransaction, PendingChannel } from '../../wallets/node-admin'
import type { HostedChannel } from '../../wallets/nodehost/node-host'

export const REQUIRED_CONFIRMATIONS = 3

export interface ChainProgress {
  status: OnchainInvoiceStatus
  confirmations: number
  receivedSat: number
  txid: string | null
}

/** What arrived at the address: every output to it, confirmed as much as the least confirmed. */
export function chainProgress(
  deposit: { address: string; amountSat: number },
  transactions: OnchainTransaction[],
): ChainProgress {
  let receivedSat = 0
  let confirmations = Number.MAX_SAFE_INTEGER
  let txid: string | null = null
  for (const tx of transactions) {
    const outs = tx.outputs.filter((o) => o.address === deposit.address)
    if (outs.length === 0) continue
    receivedSat += outs.reduce((sum, o) => sum + o.amountSat, 0)
    confirmations = Math.min(confirmations, tx.confirmations)
    txid ??= tx.txid
  }
  if (receivedSat === 0) return { status: 'unused', confirmations: 0, receivedSat, txid }
  const status =
    confirmations >= REQUIRED_CONFIRMATIONS && receivedSat >= deposit.amountSat
      ? 'confirmed'
      : 'receiving'
  return { status, confirmations, receivedSat, txid }
}

export type OpeningOutcome = 'open' | 'failed' | 'manual' | 'opening'

/** How the host says the opening went. Null when the host does not follow this channel. */
export function hostedOutcome(
  channelPoint: string | null,
  hosted: HostedChannel[],
): OpeningOutcome | null {
  const channel = hosted.find((c) => c.channelPoint === channelPoint)
  if (!channel) return null
  switch (channel.state) {
    case 'open':
      return 'open'
    case 'failed':
    case 'closed':
      return 'failed'
    case 'manual_processing':
      return 'manual'
    case 'opening':
      return 'opening'
  }
}

/** How the node itself says the opening went: open, still pending, or gone (failed). */
export function nodeOutcome(
  channelPoint: string | null,
  channels: Channel[],
  pending: PendingChannel[],
): OpeningOutcome {
  if (channels.some((c) => c.channelPoint === channelPoint)) return 'open'
  const isPending = pending.some((p) => p.state === 'opening' && p.channelPoint === channelPoint)
  return isPending ? 'opening' : 'failed'
}
