/**
 * The one state a merchant is told their node is in (spec section 4), from what the server last
 * read of it: the host's state, lnd's wallet state, and whether it has caught up with the chain.
 */
import type { NodeStatus } from '@/lib/node-progress'

type NodeState =
  | 'searching'
  | 'waitingForApproval'
  | 'provisioning'
  | 'waitingForInitialisation'
  | 'starting'
  | 'running'
  | 'stopping'
  | 'stopped'
  | 'restarting'
  | 'updating'
  | 'syncing'
  | 'locked'
  | 'ready'
  | 'notReady'
  | 'failed'

type StatusInput = Pick<
  NodeStatus,
  'exists' | 'hostState' | 'walletState' | 'isInitialised' | 'syncedToChain' | 'isReady'
>

const BY_HOST_STATE = {
  searching: 'searching',
  waiting_for_approval: 'waitingForApproval',
  provisioning: 'provisioning',
  waiting_for_initialisation: 'waitingForInitialisation',
  starting: 'starting',
  syncing: 'syncing',
  locked: 'locked',
  stopping: 'stopping',
  stopped: 'stopped',
  restarting: 'restarting',
  updating: 'updating',
  failed: 'failed',
} as const satisfies Record<Exclude<NonNullable<NodeStatus['hostState']>, 'running'>, NodeState>

export function nodeState(status: StatusInput): NodeState {
  if (!status.exists) return 'searching'
  if (status.isReady) return 'ready'
  if (status.walletState === 'LOCKED') return 'locked'
  const host = status.hostState
  if (host === null) return 'notReady'
  if (host !== 'running') return BY_HOST_STATE[host]
  // The host says it runs; what lnd says decides how far along it is.
  if (status.walletState === 'UNLOCKED' || status.walletState === 'RPC_ACTIVE') return 'starting'
  if (status.walletState === 'SERVER_ACTIVE') return status.syncedToChain ? 'running' : 'syncing'
  return 'notReady'
}

/** How a state reads at a glance: fine, on its way, needs the merchant, or wrong. */
export function stateTone(state: NodeState): 'success' | 'default' | 'warning' | 'destructive' {
  if (state === 'ready' || state === 'running') return 'success'
  if (state === 'locked' || state === 'stopped' || state === 'waitingForApproval') return 'warning'
  if (state === 'failed' || state === 'notReady') return 'destructive'
  return 'default'
}
