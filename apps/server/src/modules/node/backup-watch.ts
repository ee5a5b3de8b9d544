/**
 * Holding each own node's channel backup subscription open (lnd's
 * `/v1/channels/backup/subscribe`): one instance per node, through a lease renewed while it
 * lives. Every backup the node sends is verified and kept sealed at once; on (re)connecting the
 * kept backup is brought up to date first, since lnd sends nothing for changes made while no one
 * listened. A dropped stream is opened again after a pause that grows with each failure.
 */
import { randomUUID } from 'node:crypto'
import type { NodeBackups } from './backup'
import type { BackupLeaseRepo } from './backup-lease-repo'
import type { NodeEndpoints } from './endpoint'

export interface BackupWatchOptions {
  leaseMs: number
  /** how often leases are renewed and ready nodes without a holder looked for */
  renewMs: number
  /** the first pause before a dropped stream is opened again (doubled up to 60 s) */
  retryMs?: number
  /** nodes taken on per pass */
  batch?: number
}

const DEFAULT_BACKUP_WATCH_OPTIONS: BackupWatchOptions = { leaseMs: 15_000, renewMs: 5_000 }
const MAX_RETRY_MS = 60_000

export function createBackupWatch(deps: {
  leases: BackupLeaseRepo
  endpoints: NodeEndpoints
  backups: NodeBackups
  options?: BackupWatchOptions
  log?: (msg: string, err?: unknown) => void
}) {
  const opts = deps.options ?? DEFAULT_BACKUP_WATCH_OPTIONS
  const log = deps.log ?? (() => {})
  const holder = randomUUID()
  const running = new Map<string, AbortController>()
  let timer: NodeJS.Timeout | null = null
  let ticking: Promise<void> | null = null

  const pause = (ms: number, signal: AbortSignal) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(resolve, ms)
      signal.addEventListener('abort', () => {
        clearTimeout(t)
        resolve()
      })
    })

  /** Follows one node's backups until its lease is lost or the watch stops. */
  async function follow(businessId: string, signal: AbortSignal): Promise<void> {
    let failures = 0
    while (!signal.aborted) {
      try {
        const admin = deps.endpoints.adminFor(await deps.endpoints.readyRow(businessId))
        await deps.backups.refreshIfChanged(businessId, signal)
        await admin.subscribeChannelBackups(
          (backup) => {
            void deps.backups
              .keep(businessId, backup, signal)
              .catch((err: unknown) => log(`channel backup of ${businessId} not kept`, err))
          },
          signal,
          () => {
            failures = 0
          },
        )
      } catch (err) {
        if (signal.aborted) return
        failures++
        log(`channel backup stream of ${businessId} dropped`, err)
      }
      const retryMs = opts.retryMs ?? 1_000
      await pause(Math.min(MAX_RETRY_MS, retryMs * 2 ** Math.min(failures, 6)), signal)
    }
  }

  function stopFollowing(businessId: string): void {
    running.get(businessId)?.abort()
    running.delete(businessId)
  }

  async function tick(): Promise<void> {
    const held = new Set(await deps.leases.renewAll(holder, opts.leaseMs))
    // A lease lost (this instance stalled past it): another instance follows that node now.
    for (const id of [...running.keys()]) if (!held.has(id)) stopFollowing(id)
    const free = await deps.leases.unheldReadyNodes(opts.batch ?? 500)
    for (const id of await deps.leases.acquire(free, holder, opts.leaseMs)) {
      if (running.has(id)) continue
      const controller = new AbortController()
      running.set(id, controller)
      void follow(id, controller.signal).finally(() => {
        if (running.get(id) === controller) running.delete(id)
      })
    }
  }

  return {
    /** One pass: renew, drop lost leases, take on free nodes (the timer runs it). */
    tick,
    /** Businesses whose backups this instance follows now. */
    following: () => [...running.keys()],
    start(): void {
      if (timer) return
      const run = () => {
        ticking ??= tick()
          .catch((err: unknown) => log('channel backup watch', err))
          .finally(() => {
            ticking = null
          })
      }
      run()
      timer = setInterval(run, opts.renewMs)
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer)
      timer = null
      await ticking
      const ids = [...running.keys()]
      for (const id of ids) stopFollowing(id)
      await deps.leases.release(ids, holder).catch(() => {})
    },
  }
}

export type BackupWatch = ReturnType<typeof createBackupWatch>
