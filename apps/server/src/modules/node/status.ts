/**
 * What a merchant node is doing, as its host and its lnd report it. The reading is stored on the
 * node row and a change is announced (pg_notify), so pages follow a node through notifications:
 * one sweep on the job queue reads the nodes still changing, actions on a node read it at once,
 * and a page's stream re-reads the stored status when told. A reconnecting page resumes after
 * the change time it last got (`lastEventId`) and is given the status again only if it changed.
 */
import type { JobQueue } from '../../jobs/jobs'
import { followChanges, type PgEventBus } from '../../lib/pg-events'
import {
  NodeRefusedError,
  NodeUnreachableError,
  type NodeWalletState,
} from '../../wallets/node-admin'
import type { HostState, HostedNodeView, NodeHost } from '../../wallets/nodehost/node-host'
import { CLAIM_LOST_MS, hostUnavailable, REQUESTING, type NodeEndpoints } from './endpoint'
import { NODE_EVENTS_CHANNEL, type NodeEvent, type NodeRepo, type NodeRow } from './repo'

export interface NodeStatus {
  exists: boolean
  hostState: HostState | null
  walletState: NodeWalletState | null
  isInitialised: boolean
  isSeedConfirmed: boolean
  syncedToChain: boolean
  isReady: boolean
  pubkey: string | null
}

export const NO_NODE: NodeStatus = {
  exists: false,
  hostState: null,
  walletState: null,
  isInitialised: false,
  isSeedConfirmed: false,
  syncedToChain: false,
  isReady: false,
  pubkey: null,
}

/** The event id of "this business has no node". */
const NO_NODE_EVENT_ID = 'none'

/**
 * Statuses that stay as they are until someone acts (the merchant initialises or unlocks, the
 * operator starts the node) or that are the goal: read only every `SETTLED_RECHECK_MS`. Every
 * other status is still moving and read on each sweep.
 */
export const SETTLED_STATUSES: Partial<NodeStatus>[] = [
  { isReady: true },
  { hostState: 'waiting_for_initialisation', walletState: 'NON_EXISTING', isInitialised: false },
  { hostState: 'locked' },
  { hostState: 'stopped' },
]
export const SETTLED_RECHECK_MS = 60_000

const NO_VIEW: HostedNodeView = {
  hostNodeId: REQUESTING,
  state: 'searching',
  lnd: null,
  loop: null,
  pubkey: null,
  version: null,
  lspPubkey: null,
  channels: [],
}

export interface NodeStatusEvent {
  /** when the status last changed (UTC_MICROS), or `NO_NODE_EVENT_ID` */
  at: string
  status: NodeStatus
}

export function createNodeStatus(deps: {
  repo: NodeRepo
  host: NodeHost
  endpoints: NodeEndpoints
  bus?: PgEventBus
  /** where the sweep of changing nodes runs, and how often */
  jobs?: { queue: JobQueue; intervalMs: number }
  log?: (msg: string, err?: unknown) => void
}) {
  const { repo, host, endpoints } = deps

  /** Asks the host and the node's lnd what the node is doing now. */
  async function readLive(found: NodeRow, signal?: AbortSignal): Promise<NodeStatus> {
    let view: HostedNodeView
    try {
      view =
        found.hostNodeId !== REQUESTING
          ? await host.getNode(found.hostNodeId, signal)
          : Date.now() - found.createdAt.getTime() > CLAIM_LOST_MS
            ? await endpoints.askHost(found.businessId, signal)
            : NO_VIEW
    } catch (err) {
      return hostUnavailable(err)
    }
    const row = await endpoints.refreshEndpoint(found, view)
    let walletState: NodeWalletState | null = null
    let syncedToChain = false
    let pubkey = row.pubkey
    if (row.restUrl) {
      try {
        const admin = endpoints.adminFor(row)
        walletState = await admin.walletState(signal)
        if (walletState === 'SERVER_ACTIVE' && row.macaroonSealed) {
          const info = await admin.info(signal)
          syncedToChain = info.syncedToChain
          pubkey = info.pubkey
        }
      } catch (err) {
        if (!(err instanceof NodeUnreachableError || err instanceof NodeRefusedError)) throw err
      }
    }
    const isInitialised = row.initialisedAt !== null
    return {
      exists: true,
      hostState: view.state,
      walletState,
      isInitialised,
      isSeedConfirmed: row.seedConfirmedAt !== null,
      syncedToChain,
      isReady: isInitialised && walletState === 'SERVER_ACTIVE' && syncedToChain,
      pubkey,
    }
  }

  /** Reads the node now, stores what was read and announces it if it changed. */
  async function refresh(businessId: string, signal?: AbortSignal): Promise<NodeStatus> {
    const found = await repo.find(businessId)
    if (!found) return NO_NODE
    const status = await readLive(found, signal)
    await repo.recordStatus(businessId, status)
    return status
  }

  /** One pass over the nodes due a reading (the `node-status` job runs it). */
  async function sweep(signal?: AbortSignal): Promise<void> {
    for (const row of await repo.dueForReading(SETTLED_STATUSES, SETTLED_RECHECK_MS)) {
      if (signal?.aborted) return
      try {
        await repo.recordStatus(row.businessId, await readLive(row, signal))
      } catch (err) {
        // One node's host or lnd being down does not hold up the others; the next run retries.
        deps.log?.(`node of ${row.businessId} not read`, err)
      }
    }
  }

  /**
   * The stored status and its change time; a node never read yet is read first (null when that
   * reading fails: the sweep reads it again and tells).
   */
  async function current(
    businessId: string,
    signal?: AbortSignal,
  ): Promise<NodeStatusEvent | null> {
    const stored = await repo.storedStatus(businessId)
    if (!stored) return { at: NO_NODE_EVENT_ID, status: NO_NODE }
    if (stored.at !== null) return { at: stored.at, status: stored.status as NodeStatus }
    try {
      await refresh(businessId, signal)
    } catch (err) {
      deps.log?.(`node of ${businessId} not read`, err)
      return null
    }
    const after = await repo.storedStatus(businessId)
    if (!after) return { at: NO_NODE_EVENT_ID, status: NO_NODE }
    return after.at === null ? null : { at: after.at, status: after.status as NodeStatus }
  }

  if (deps.jobs) deps.jobs.queue.every('node-status', deps.jobs.intervalMs, sweep)

  /**
   * The node's status now and after every change, until the client goes away. After
   * `lastEventId` (a reconnect), the status is given only if it changed since.
   */
  async function* watch(
    businessId: string,
    signal: AbortSignal | undefined,
    lastEventId?: string | null,
  ): AsyncGenerator<NodeStatusEvent> {
    if (!deps.bus) throw new Error('node status events need the event bus')
    const events = followChanges<NodeStatus>(deps.bus, {
      channel: NODE_EVENTS_CHANNEL,
      concerns: (payload) => (payload as Partial<NodeEvent>).businessId === businessId,
      read: async () => {
        const event = await current(businessId, signal)
        return event && { id: event.at, value: event.status }
      },
      signal,
      lastEventId,
    })
    for await (const { id: at, value: status } of events) yield { at, status }
  }

  return { refresh, sweep, watch }
}

export type NodeStatusService = ReturnType<typeof createNodeStatus>
