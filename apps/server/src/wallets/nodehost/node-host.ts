/**
 * The node host port: operator infrastructure that runs merchants' lnd nodes. Two adapters:
 * simnet's host API (demo) and a pool of lnd nodes the operator registers (production).
 */

export type HostState =
  | 'searching'
  | 'waiting_for_approval'
  | 'provisioning'
  | 'waiting_for_initialisation'
  | 'starting'
  | 'syncing'
  | 'running'
  | 'locked'
  | 'stopping'
  | 'stopped'
  | 'restarting'
  | 'updating'
  | 'failed'

export type ChannelOpening = 'opening' | 'manual_processing' | 'failed' | 'open' | 'closed'

export interface HostedChannel {
  channelPoint: string
  state: ChannelOpening
  capacitySat: number
}

export interface HostedNodeView {
  hostNodeId: string
  state: HostState
  /** where to reach the node's lnd once it exists */
  lnd: { restUrl: string; tlsCertPem: string } | null
  loop: { restUrl: string; tlsCertPem: string } | null
  pubkey: string | null
  /** the lnd version the node runs (or will run once an update is done) */
  version: string | null
  /** the liquidity provider channels open to */
  lspPubkey: string | null
  channels: HostedChannel[]
}

export interface NodeHost {
  readonly kind: 'simnet' | 'lnd-pool'
  requestNode(businessId: string, signal?: AbortSignal): Promise<HostedNodeView>
  getNode(hostNodeId: string, signal?: AbortSignal): Promise<HostedNodeView>
  /** Stops the node, installs `version` and starts it again (its wallet then comes back locked). */
  update(hostNodeId: string, version: string, signal?: AbortSignal): Promise<HostedNodeView>
  restart(hostNodeId: string, signal?: AbortSignal): Promise<HostedNodeView>
}

export class NodeHostError extends Error {
  constructor(
    message: string,
    readonly code: 'unavailable' | 'not_found' | 'invalid_state' | 'unsupported',
  ) {
    super(message)
    this.name = 'NodeHostError'
  }
}
