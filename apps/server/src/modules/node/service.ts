/**
 * The merchant's own Lightning node: requested from the node host, initialised with a password
 * the platform never stores, seed words shown once and kept sealed under that password. Each of
 * these reads the node again at once (see `status.ts`), so pages following it move on without
 * waiting for the next sweep.
 */
import type pg from 'pg'
import type { JobQueue } from '../../jobs/jobs'
import { DomainError } from '../../lib/errors'
import type { PgEventBus } from '../../lib/pg-events'
import { sealedAt, type SecretBox } from '../../lib/secrets'
import type { NodeEndpoint } from '../../wallets/factory'
import type { NodeAdmin } from '../../wallets/node-admin'
import type { HostedNodeView, NodeHost } from '../../wallets/nodehost/node-host'
import { advance, type OnboardingRepo } from '../onboarding'
import { createNodeBackups } from './backup'
import type { BackupLeaseRepo } from './backup-lease-repo'
import { createBackupWatch, type BackupWatchOptions } from './backup-watch'
import type { BackupRepo } from './backup-repo'
import { createNodeUpdates } from './update'
import type { UpdateRepo } from './update-repo'
import { createNodeDetails } from './details'
import { createNodeEndpoints, hostUnavailable, REQUESTING } from './endpoint'
import type { NodeRepo, NodeRow } from './repo'
import { openSeed, sealSeed, validateNodePassword } from './seed'
import { createNodeStatus, type NodeStatus } from './status'
import { createNodeUnlock, type UnlockLimits } from './unlock'

export type { NodeStatus } from './status'

export function createNodeService(deps: {
  repo: NodeRepo
  host: NodeHost
  secrets: SecretBox
  onboardingRepo: OnboardingRepo
  /** realtime fan-out of status changes */
  bus?: PgEventBus
  /** where the sweep of changing nodes runs, and how often */
  jobs?: { queue: JobQueue; intervalMs: number }
  /** the latest channel backups, kept sealed */
  backupRepo: BackupRepo
  /** published node versions and the updates merchants start */
  updateRepo: UpdateRepo
  /** who holds each node's channel backup subscription (the watch is off without it) */
  backupLeases?: BackupLeaseRepo
  backupWatch?: BackupWatchOptions
  /** where unlock attempts are counted (shared by every instance) */
  pool?: pg.Pool
  unlockLimits?: Partial<UnlockLimits>
  log?: (msg: string, err?: unknown) => void
}) {
  const { repo, host } = deps
  const log = deps.log ?? (() => {})
  const endpoints = createNodeEndpoints(deps)
  const statuses = createNodeStatus({ ...deps, endpoints })
  const unlocking = createNodeUnlock({ pool: deps.pool, limits: deps.unlockLimits, log })
  const reading = createNodeDetails({ repo, host, endpoints, statuses, log })
  const backups = createNodeBackups({
    repo: deps.backupRepo,
    endpoints,
    secrets: deps.secrets,
    // The backup subscription keeps backups current; this slow look only catches a change both
    // the stream and its reconnection missed.
    jobs: deps.jobs && { queue: deps.jobs.queue, intervalMs: deps.jobs.intervalMs * 300 },
    log,
  })
  const backupWatch = deps.backupLeases
    ? createBackupWatch({
        leases: deps.backupLeases,
        endpoints,
        backups,
        options: deps.backupWatch,
        log,
      })
    : null
  const updating = createNodeUpdates({
    repo,
    updates: deps.updateRepo,
    host,
    endpoints,
    backups,
    log,
  })

  /** After an action: the node read again and the change told; a failed reading waits a sweep. */
  async function refreshAfterAction(businessId: string, signal?: AbortSignal): Promise<void> {
    await statuses
      .refresh(businessId, signal)
      .catch((err: unknown) => log(`node of ${businessId} not read`, err))
  }

  return {
    /** The node read now (stored, and told to pages following it if it changed). */
    status: (businessId: string, signal?: AbortSignal) => statuses.refresh(businessId, signal),
    watch: statuses.watch,
    /** One pass over the nodes due a reading (the `node-status` job runs it). */
    sweep: statuses.sweep,
    /** The node details page: status, identity, balances and channels, read now. */
    details: (businessId: string, signal?: AbortSignal) => reading.details(businessId, signal),
    /** Static channel backups: a fresh verified one, the latest kept, the job's pass. */
    backups,
    /** Each ready node's backup subscription held open (started with the server). */
    backupWatch,
    /** Node versions and updates to them. */
    updates: updating,

    /**
     * The node row is claimed under the business's lock first (one request wins), then the host
     * is asked outside any lock; if the host cannot be reached the claim is given back.
     */
    async request(business: { id: string }, signal?: AbortSignal): Promise<NodeStatus> {
      await deps.onboardingRepo.withLockedBusiness(business.id, async (trx, step) => {
        // Opened straight from the choice step: asking for a node is choosing one.
        if (step === 'paymentProvider') {
          await advance(trx, business.id, { type: 'providerChosen', kind: 'lightningNode' })
        } else if (step !== 'nodePassword') {
          throw new DomainError('STEP_NOT_ALLOWED', 'This step is not available now')
        }
        const claimed = await repo.insert(trx, {
          businessId: business.id,
          hostKind: host.kind,
          hostNodeId: REQUESTING,
        })
        if (!claimed)
          throw new DomainError('NODE_ALREADY_EXISTS', 'This business already has a node')
      })
      try {
        await endpoints.askHost(business.id, signal)
      } catch (err) {
        await repo.removeClaim(business.id, REQUESTING)
        return hostUnavailable(err)
      }
      return statuses.refresh(business.id, signal)
    },

    /** Creates the wallet with the merchant's password; returns the seed words, once. */
    async initialise(
      business: { id: string; onboardingStep: string },
      input: { password: string; confirmPassword: string },
      signal?: AbortSignal,
    ): Promise<{ seedWords: string[] }> {
      validateNodePassword(input.password, input.confirmPassword)
      if (business.onboardingStep !== 'nodePassword') {
        throw new DomainError('STEP_NOT_ALLOWED', 'This step is not available now')
      }
      const found = await repo.find(business.id)
      if (!found) throw new DomainError('NODE_NOT_READY', 'Node is not ready')
      if (found.initialisedAt)
        throw new DomainError('NODE_ALREADY_EXISTS', 'The node is already set up')
      let view: HostedNodeView
      try {
        view = await host.getNode(found.hostNodeId, signal)
      } catch (err) {
        return hostUnavailable(err)
      }
      if (view.state !== 'waiting_for_initialisation') {
        throw new DomainError('NODE_NOT_READY', 'Node is not ready')
      }
      const row = await endpoints.refreshEndpoint(found, view)
      const created = await endpoints.adminFor(row).createWallet(input.password, signal)
      await repo.update(business.id, {
        macaroonSealed: deps.secrets.seal(created.macaroonHex, sealedAt.nodeMacaroon(business.id)),
        seedSealed: await sealSeed(created.seedWords, input.password),
        initialisedAt: new Date(),
      })
      await refreshAfterAction(business.id, signal)
      return { seedWords: created.seedWords }
    },

    /** The merchant wrote the words down: on to the channel deposit. */
    async confirmSeed(business: { id: string }, signal?: AbortSignal) {
      const row = await repo.find(business.id)
      if (!row?.initialisedAt) throw new DomainError('NODE_NOT_READY', 'Node is not ready')
      const step = await deps.onboardingRepo.withLockedBusiness(business.id, async (trx, at) => {
        if (at !== 'nodePassword') {
          throw new DomainError('STEP_NOT_ALLOWED', 'This step is not available now')
        }
        await repo.update(business.id, { seedConfirmedAt: new Date() }, trx)
        return advance(trx, business.id, { type: 'nodeCreated' })
      })
      await refreshAfterAction(business.id, signal)
      return { step }
    },

    /**
     * Unlocks the node after a restart with the password the merchant types (never stored);
     * the node is read again at once so every page following it moves on.
     */
    async unlock(
      input: { userId: string; businessId: string; password: string },
      signal?: AbortSignal,
    ): Promise<NodeStatus> {
      const row = await endpoints.readyRow(input.businessId)
      await unlocking.unlock({ ...input, admin: endpoints.adminFor(row), signal })
      return statuses.refresh(input.businessId, signal)
    },

    /** Backup: the seed words again, for whoever knows the node password. */
    async revealSeed(businessId: string, password: string): Promise<{ seedWords: string[] }> {
      validateNodePassword(password)
      const row = await repo.find(businessId)
      if (!row?.seedSealed) throw new DomainError('NOT_FOUND', 'This business has no node')
      return openSeed(row.seedSealed, password)
    },

    /** What a member is shown of the node; where the platform reaches it stays internal. */
    async settings(businessId: string) {
      const row = await repo.find(businessId)
      if (!row) return { exists: false as const }
      return {
        exists: true as const,
        hostNodeId: row.hostNodeId,
        pubkey: row.pubkey,
        isInitialised: row.initialisedAt !== null,
        isSeedConfirmed: row.seedConfirmedAt !== null,
        createdAt: row.createdAt,
      }
    },

    /** Where the business's initialised node answers, with its key (the wallet factory's). */
    async endpoint(businessId: string): Promise<NodeEndpoint> {
      return endpoints.endpointOf(await endpoints.readyRow(businessId))
    },

    /** The administration port for the business's initialised node. */
    async admin(businessId: string): Promise<{ admin: NodeAdmin; row: NodeRow }> {
      const row = await endpoints.readyRow(businessId)
      return { admin: endpoints.adminFor(row), row }
    },

    hostView(row: NodeRow, signal?: AbortSignal) {
      return host.getNode(row.hostNodeId, signal).catch(hostUnavailable)
    },
  }
}

export type NodeService = ReturnType<typeof createNodeService>
