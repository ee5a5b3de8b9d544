/**
 * Updating a merchant's node to a version the operator published. Before anything is asked of
 * the host: no payment may be in flight (HTLCs on the node, withdrawals being sent) and a fresh
 * channel backup is taken and kept. The update row is written before the host is asked; the
 * host stops lnd, installs the version and starts it again, locked (the merchant unlocks it).
 * It cannot be rolled back.
 */
import { DomainError } from '../../lib/errors'
import { NodeRefusedError, NodeUnreachableError } from '../../wallets/node-admin'
import { NodeHostError, type NodeHost } from '../../wallets/nodehost/node-host'
import type { NodeBackups } from './backup'
import type { NodeEndpoints } from './endpoint'
import type { NodeRepo } from './repo'
import type { UpdateRepo } from './update-repo'

const failed = () =>
  new DomainError('NODE_UPDATE_FAILED', 'Failed to update node, try later or contact support')

/** Host states an update passes through before the node runs the new version. */
const UPDATING = new Set(['stopping', 'updating', 'restarting', 'starting'])

export function createNodeUpdates(deps: {
  repo: NodeRepo
  updates: UpdateRepo
  host: NodeHost
  endpoints: NodeEndpoints
  backups: NodeBackups
  log?: (msg: string, err?: unknown) => void
}) {
  const { updates, host, endpoints } = deps

  async function view(businessId: string, signal?: AbortSignal) {
    const row = await deps.repo.find(businessId)
    if (!row?.initialisedAt) throw new DomainError('NODE_NOT_READY', 'Node is not ready')
    const [hosted, latest, last] = await Promise.all([
      host.getNode(row.hostNodeId, signal).catch(() => null),
      updates.latest(),
      updates.lastUpdate(businessId),
    ])
    return { row, hosted, latest, last }
  }

  return {
    /** The node's version, the latest published one with its notes, and the last update. */
    async info(businessId: string, signal?: AbortSignal) {
      const { hosted, latest, last } = await view(businessId, signal)
      let update = last ?? null
      // The host has finished: the node runs (or waits locked in) the new version.
      if (
        update?.state === 'updating' &&
        hosted &&
        !UPDATING.has(hosted.state) &&
        hosted.version === update.toVersion
      ) {
        await updates.setState(update.id, 'done')
        update = { ...update, state: 'done' }
      }
      const current = hosted?.version ?? null
      return {
        currentVersion: current,
        latest: latest ?? null,
        isUpdateAvailable: latest !== undefined && current !== null && latest.version !== current,
        update,
      }
    },

    /** Starts the update to the latest published version (named, so a stale page cannot ask for another). */
    async start(businessId: string, version: string, signal?: AbortSignal) {
      const { row, hosted, latest } = await view(businessId, signal)
      if (!latest || latest.version !== version || !hosted?.version) {
        throw new DomainError('CONFLICT', 'This version is not the one on offer')
      }
      if (hosted.version === version) {
        throw new DomainError('CONFLICT', 'The node runs this version already')
      }
      const admin = endpoints.adminFor(row)
      try {
        const channels = await admin.channels(signal)
        const htlcs = channels.reduce((n, c) => n + c.pendingHtlcCount, 0)
        if (htlcs > 0 || (await updates.withdrawalsInFlight(businessId)) > 0) {
          throw new DomainError('NODE_PAYMENT_IN_FLIGHT', 'A payment is still under way')
        }
      } catch (err) {
        if (err instanceof NodeUnreachableError || err instanceof NodeRefusedError) {
          throw new DomainError('NODE_NOT_READY', 'Node is not ready')
        }
        throw err
      }
      // A backup of the channels as they are, before the node goes down.
      try {
        await deps.backups.take(businessId, signal)
      } catch (err) {
        deps.log?.(`node of ${businessId}: no backup before the update`, err)
        throw failed()
      }
      const opened = await updates.open(businessId, hosted.version, version)
      if (!opened) throw new DomainError('CONFLICT', 'An update is already under way')
      try {
        await host.update(row.hostNodeId, version, signal)
      } catch (err) {
        if (!(err instanceof NodeHostError)) throw err
        deps.log?.(`node of ${businessId} not updated`, err)
        await updates.setState(opened.id, 'failed', err.message)
        throw failed()
      }
      await updates.setState(opened.id, 'updating')
      return { updateId: opened.id }
    },
  }
}

export type NodeUpdates = ReturnType<typeof createNodeUpdates>
