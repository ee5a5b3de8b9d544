/**
 * The server instances that watch wallets, as one instance sees them: which are alive, which
 * went away and when they could have died, and whether this instance is among those ranked to
 * stand by for a business (a rendezvous hash, the same on every instance).
 */
import { createHash } from 'node:crypto'
import type { LeaseRepo } from './lease-repo'

/** How many instances are ranked for each business: its holder is one, the others stand by. */
const STANDBYS_RANKED = 2
/** Departures of instances are remembered this long (a standby older than that looks up). */
const DEPARTURES_KEPT_MS = 6 * 3600_000

/** Rendezvous rank of an instance for a business: the same on every instance. */
function rank(businessId: string, instanceId: string): string {
  return createHash('sha1').update(businessId).update(instanceId).digest('hex')
}

export function createWatcherInstances(deps: {
  leases: LeaseRepo
  instanceId: string
  leaseMs: number
}) {
  const { leases, instanceId, leaseMs } = deps
  /** Instances seen alive at the last look, with when their heart lapses on this clock. */
  let instances = new Map<string, number>()
  /** Instances gone since: when it was noticed, and the earliest they could have died. */
  let departures: { at: number; diedAfter: number }[] = []
  /** Whether this instance is ranked to stand by for a business, for the instances seen. */
  let rankedHere = new Map<string, boolean>()

  return {
    /** Reads which instances are alive; notes those gone since the last look. */
    async look(): Promise<void> {
      const now = Date.now()
      const live = new Map(
        (await leases.liveInstances()).map((i) => [i.id, now + i.aliveForMs] as const),
      )
      let changed = live.size !== instances.size
      for (const [id, lapsesAt] of instances) {
        if (live.has(id)) continue
        changed = true
        // It beat at least once a lease before its heart lapsed at the latest seen time.
        departures.push({ at: now, diedAfter: lapsesAt - leaseMs })
      }
      for (const id of live.keys()) if (!instances.has(id)) changed = true
      departures = departures.filter((d) => now - d.at < DEPARTURES_KEPT_MS)
      instances = live
      if (changed) rankedHere = new Map()
    },

    /** Whether this instance is among those ranked first to watch a business. */
    isRankedHere(businessId: string): boolean {
      let ranked = rankedHere.get(businessId)
      if (ranked === undefined) {
        const others = [...instances.keys()].filter((id) => id !== instanceId)
        // With no other instance alive there is no holder to stand by for.
        if (others.length === 0) ranked = false
        else if (others.length < STANDBYS_RANKED) ranked = true
        else {
          const mine = rank(businessId, instanceId)
          ranked = others.filter((id) => rank(businessId, id) > mine).length < STANDBYS_RANKED
        }
        rankedHere.set(businessId, ranked)
      }
      return ranked
    },

    /**
     * Whether a watch started at `since` and following from `readyAt` saw every departure since
     * it started happen after it followed (and saw at least one): nothing the former holder
     * missed can have been missed here too.
     */
    followedThrough(since: number, readyAt: number): boolean {
      return (
        departures.some((d) => d.at >= since) &&
        departures.every((d) => d.at < since || d.diedAfter >= readyAt)
      )
    },
  }
}

export type WatcherInstances = ReturnType<typeof createWatcherInstances>
