/**
 * Static channel backups of a merchant's node. A backup is taken from lnd, verified by lnd (it
 * decrypts it: only a node made from the same seed can) and only then handed out or kept. The
 * platform keeps the latest one sealed, and keeps every new one the node sends on its backup
 * subscription (`backup-watch.ts`); a slow recurring job compares the node's channels with those
 * the stored backup covers, should a change have slipped past both.
 */
import type { JobQueue } from '../../jobs/jobs'
import { DomainError } from '../../lib/errors'
import type { SealedAt, SecretBox } from '../../lib/secrets'
import {
  NodeRefusedError,
  NodeUnreachableError,
  type ChannelBackup,
} from '../../wallets/node-admin'
import type { BackupRepo } from './backup-repo'
import type { NodeEndpoints } from './endpoint'

const sealedBackup = (businessId: string): SealedAt => ({
  table: 'node_channel_backups',
  column: 'backup_sealed',
  id: businessId,
})

export interface VerifiedBackup {
  /** base64 of lnd's multi-channel backup file */
  multiChannelBackup: string
  channelPoints: string[]
  verifiedAt: Date
}

const sameSet = (a: string[], b: string[]) =>
  a.length === b.length && [...a].sort().every((p, i) => p === [...b].sort()[i])

export function createNodeBackups(deps: {
  repo: BackupRepo
  endpoints: NodeEndpoints
  secrets: SecretBox
  /** where the backup job runs, and how often it looks at the nodes' channels */
  jobs?: { queue: JobQueue; intervalMs: number }
  log?: (msg: string, err?: unknown) => void
}) {
  const { repo, endpoints, secrets } = deps

  /** A backup the node sent (or was asked for), verified by the node, and kept as the latest. */
  async function keep(
    businessId: string,
    taken: ChannelBackup,
    signal?: AbortSignal,
  ): Promise<VerifiedBackup> {
    const admin = endpoints.adminFor(await endpoints.readyRow(businessId))
    let backup: VerifiedBackup
    try {
      const verifiedPoints = await admin.verifyChannelBackup(taken.multiChannelBackup, signal)
      if (!sameSet(verifiedPoints, taken.channelPoints)) {
        throw new NodeRefusedError('the backup does not cover the channels it lists', 500)
      }
      backup = { ...taken, channelPoints: [...taken.channelPoints].sort(), verifiedAt: new Date() }
    } catch (err) {
      return unavailable(businessId, err)
    }
    await repo.save({
      businessId,
      backupSealed: secrets.seal(backup.multiChannelBackup, sealedBackup(businessId)),
      channelPoints: backup.channelPoints,
      verifiedAt: backup.verifiedAt,
    })
    return backup
  }

  function unavailable(businessId: string, err: unknown): never {
    if (err instanceof NodeUnreachableError || err instanceof NodeRefusedError) {
      deps.log?.(`channel backup of ${businessId} not taken`, err)
      throw new DomainError('NODE_DATA_UNAVAILABLE', 'Failed to load node data')
    }
    throw err
  }

  /** A fresh backup, verified by the node, and kept as the latest. */
  async function take(businessId: string, signal?: AbortSignal): Promise<VerifiedBackup> {
    const admin = endpoints.adminFor(await endpoints.readyRow(businessId))
    let taken: ChannelBackup
    try {
      taken = await admin.channelBackup(signal)
    } catch (err) {
      return unavailable(businessId, err)
    }
    return keep(businessId, taken, signal)
  }

  /** A new backup when the node's channels are no longer those the stored one covers. */
  async function refreshIfChanged(businessId: string, signal?: AbortSignal): Promise<boolean> {
    const admin = endpoints.adminFor(await endpoints.readyRow(businessId))
    const [open, pending, stored] = await Promise.all([
      admin.channels(signal),
      admin.pendingChannels(signal),
      repo.find(businessId),
    ])
    const now = [...open, ...pending].map((c) => c.channelPoint)
    if (stored && sameSet(stored.channelPoints, now)) return false
    await take(businessId, signal)
    return true
  }

  async function sweep(signal?: AbortSignal): Promise<void> {
    for (const { businessId } of await repo.readyNodes()) {
      if (signal?.aborted) return
      try {
        await refreshIfChanged(businessId, signal)
      } catch (err) {
        deps.log?.(`channel backup of ${businessId} not refreshed`, err)
      }
    }
  }

  if (deps.jobs) deps.jobs.queue.every('node-channel-backups', deps.jobs.intervalMs, sweep)

  return {
    take,
    keep,
    refreshIfChanged,
    sweep,
    /** When the latest kept backup was verified, and how many channels it covers. */
    async last(businessId: string): Promise<{ verifiedAt: Date; channelCount: number } | null> {
      const stored = await repo.find(businessId)
      return stored
        ? { verifiedAt: stored.verifiedAt, channelCount: stored.channelPoints.length }
        : null
    },
    /** The latest kept backup, opened (for the operator restoring a node). */
    async latest(businessId: string): Promise<VerifiedBackup | null> {
      const stored = await repo.find(businessId)
      if (!stored) return null
      return {
        multiChannelBackup: secrets.open(stored.backupSealed, sealedBackup(businessId)),
        channelPoints: stored.channelPoints,
        verifiedAt: stored.verifiedAt,
      }
    },
  }
}

export type NodeBackups = ReturnType<typeof createNodeBackups>
