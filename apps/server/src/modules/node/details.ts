/**
 * What the node details page shows of a merchant's own node: its status, identity and version,
 * what it can spend and receive over Lightning, its on-chain funds, and one row per channel.
 * Read from the node itself each time (nothing of it is stored); a node that is not running yet
 * (locked, starting...) has only its status.
 */
import { DomainError } from '../../lib/errors'
import { NodeRefusedError, NodeUnreachableError } from '../../wallets/node-admin'
import { NodeHostError, type NodeHost } from '../../wallets/nodehost/node-host'
import type { NodeEndpoints } from './endpoint'
import type { NodeRepo } from './repo'
import type { NodeStatus, NodeStatusService } from './status'

/** Receiving capacity below this share of all channels' capacity is called low. */
const LOW_INBOUND_PERCENT = 10

export type ChannelRowState = 'active' | 'inactive' | 'opening' | 'closing'

export interface ChannelRow {
  channelPoint: string
  peerPubkey: string
  /** the platform's liquidity provider, which opened the merchant's inbound capacity */
  isLiquidityProvider: boolean
  state: ChannelRowState
  capacitySat: number
  /** what the merchant can send over it */
  localSat: number
  /** what the merchant can receive over it */
  remoteSat: number
}

export interface RunningNode {
  alias: string
  pubkey: string
  /** where peers reach it; null when it has no public address */
  uri: string | null
  version: string
  blockHeight: number
  syncedToChain: boolean
  syncedToGraph: boolean
  lightning: { spendableSat: number; receivableSat: number; pendingOpenSat: number }
  onchain: { confirmedSat: number; unconfirmedSat: number; reservedAnchorSat: number }
  channels: ChannelRow[]
  isInboundLow: boolean
}

export interface NodeDetails {
  status: NodeStatus
  /** null until the node runs (locked, starting, stopped...) */
  node: RunningNode | null
}

const unavailable = () => new DomainError('NODE_DATA_UNAVAILABLE', 'Failed to load node data')

export function createNodeDetails(deps: {
  repo: NodeRepo
  host: NodeHost
  endpoints: NodeEndpoints
  statuses: NodeStatusService
  log?: (msg: string, err?: unknown) => void
}) {
  const { repo, host, endpoints, statuses } = deps

  async function readRunning(businessId: string, signal?: AbortSignal): Promise<RunningNode> {
    const row = await endpoints.readyRow(businessId)
    const admin = endpoints.adminFor(row)
    const [info, liquidity, onchain, open, pending, view] = await Promise.all([
      admin.info(signal),
      admin.liquidity(signal),
      admin.onchainBalance(signal),
      admin.channels(signal),
      admin.pendingChannels(signal),
      host.getNode(row.hostNodeId, signal),
    ])
    const lsp = view.lspPubkey
    const channels: ChannelRow[] = [
      ...open.map((c): ChannelRow => ({
        channelPoint: c.channelPoint,
        peerPubkey: c.peerPubkey,
        isLiquidityProvider: c.peerPubkey === lsp,
        state: c.active ? 'active' : 'inactive',
        capacitySat: c.capacitySat,
        localSat: c.localSat,
        remoteSat: c.remoteSat,
      })),
      ...pending.map((c): ChannelRow => ({
        channelPoint: c.channelPoint,
        peerPubkey: c.peerPubkey,
        isLiquidityProvider: c.peerPubkey === lsp,
        state: c.state === 'opening' ? 'opening' : 'closing',
        capacitySat: c.capacitySat,
        localSat: c.localSat,
        remoteSat: c.remoteSat,
      })),
    ]
    const capacitySat = open.reduce((sum, c) => sum + c.capacitySat, 0)
    return {
      alias: info.alias,
      pubkey: info.pubkey,
      uri: info.uris[0] ?? null,
      version: info.version,
      blockHeight: info.blockHeight,
      syncedToChain: info.syncedToChain,
      syncedToGraph: info.syncedToGraph,
      lightning: {
        spendableSat: liquidity.localSat,
        receivableSat: liquidity.remoteSat,
        pendingOpenSat: liquidity.pendingOpenLocalSat,
      },
      onchain: {
        confirmedSat: onchain.confirmedSat,
        unconfirmedSat: onchain.unconfirmedSat,
        reservedAnchorSat: onchain.reservedAnchorSat,
      },
      channels,
      isInboundLow:
        capacitySat > 0 && liquidity.remoteSat * 100 < capacitySat * LOW_INBOUND_PERCENT,
    }
  }

  return {
    /** NOT_FOUND without a node; NODE_DATA_UNAVAILABLE when its host or lnd cannot be read. */
    async details(businessId: string, signal?: AbortSignal): Promise<NodeDetails> {
      if (!(await repo.find(businessId))) {
        throw new DomainError('NOT_FOUND', 'This business has no node')
      }
      let status: NodeStatus
      try {
        status = await statuses.refresh(businessId, signal)
      } catch (err) {
        if (err instanceof DomainError && err.code === 'NODE_HOST_UNAVAILABLE') throw unavailable()
        throw err
      }
      const isRunning = status.isInitialised && status.walletState === 'SERVER_ACTIVE'
      if (!isRunning) return { status, node: null }
      try {
        return { status, node: await readRunning(businessId, signal) }
      } catch (err) {
        if (
          err instanceof NodeUnreachableError ||
          err instanceof NodeRefusedError ||
          err instanceof NodeHostError
        ) {
          deps.log?.(`node of ${businessId} not read`, err)
          throw unavailable()
        }
        throw err
      }
    },
  }
}
