/**
 * Where a merchant's new node stands, as the steps shown while it is set up (spec section 4:
 * searching, waiting for approval, provisioning, waiting for initialisation, starting, syncing
 * with the blockchain, ready), and any state off that path (stopped, updating, failed...).
 */
import type { inferOutput } from '@trpc/tanstack-react-query'
import type { Trpc } from '@/lib/trpc'

export type NodeStatus = inferOutput<Trpc['node']['status']>
type NodeHostState = NonNullable<NodeStatus['hostState']>

/** The parts of the node's status the progress depends on. */
export type NodeProgressInput = Pick<
  NodeStatus,
  'exists' | 'hostState' | 'isInitialised' | 'syncedToChain' | 'isReady'
>

export const NODE_STEPS = [
  'searching',
  'waitingForApproval',
  'provisioning',
  'waitingForInitialisation',
  'starting',
  'syncing',
  'ready',
] as const
type NodeStep = (typeof NODE_STEPS)[number]

type NodeNotice = 'locked' | 'stopping' | 'stopped' | 'restarting' | 'updating' | 'failed'

interface NodeProgress {
  /** The step under way; undefined once the node is ready. */
  current: NodeStep | undefined
  /** A state off the usual path, shown beside the steps. */
  notice: NodeNotice | undefined
}

/** Every state the host reports: a step of the set-up, running, or a notice beside them. */
const PLACE_BY_HOST_STATE: Record<
  NodeHostState,
  { step: NodeStep } | { notice: NodeNotice } | 'running'
> = {
  searching: { step: 'searching' },
  waiting_for_approval: { step: 'waitingForApproval' },
  provisioning: { step: 'provisioning' },
  waiting_for_initialisation: { step: 'waitingForInitialisation' },
  starting: { step: 'starting' },
  syncing: { step: 'syncing' },
  running: 'running',
  locked: { notice: 'locked' },
  stopping: { notice: 'stopping' },
  stopped: { notice: 'stopped' },
  restarting: { notice: 'restarting' },
  updating: { notice: 'updating' },
  failed: { notice: 'failed' },
}

export function nodeProgress(status: NodeProgressInput): NodeProgress {
  if (!status.exists) return { current: 'searching', notice: undefined }
  if (status.isReady) return { current: undefined, notice: undefined }
  const place = PLACE_BY_HOST_STATE[status.hostState ?? 'searching']
  if (place === 'running') {
    return { current: status.syncedToChain ? 'ready' : 'syncing', notice: undefined }
  }
  if ('step' in place) return { current: place.step, notice: undefined }
  // Locked, stopped, restarting, updating or failed: the steps stay where the node had got to.
  return { current: status.isInitialised ? 'starting' : 'provisioning', notice: place.notice }
}

/** Whether `step` is done, under way or still to come, given the step under way. */
export function stepState(
  step: NodeStep,
  current: NodeStep | undefined,
): 'done' | 'current' | 'upcoming' {
  if (current === undefined) return 'done'
  const index = NODE_STEPS.indexOf(step)
  const currentIndex = NODE_STEPS.indexOf(current)
  return index < currentIndex ? 'done' : index === currentIndex ? 'current' : 'upcoming'
}
