/**
 * Watching wallets as tests see it: whether an instance watches a business is read from the
 * lease table (what every other instance sees), and an instance can stop as a killed process
 * would, keeping its leases until they lapse.
 */
import { sql } from 'kysely'
import type { Db } from '../src/db/database'
import { createLeaseRepo, type LeaseRepo } from '../src/modules/payments/lease-repo'
import type { Services } from '../src/services'

export interface CrashableLeases extends LeaseRepo {
  /** The name this store's instance takes leases under; null before it took any. */
  holder(): string | null
  /** From now on nothing is renewed or released: the leases lapse as a dead holder's do. */
  crash(): void
}

export function crashableLeases(db: Db): CrashableLeases {
  const real = createLeaseRepo(db)
  let crashed = false
  let holder: string | null = null
  return {
    acquire: (businessIds, by, leaseMs) => {
      holder = by
      return crashed ? Promise.resolve([]) : real.acquire(businessIds, by, leaseMs)
    },
    renewAll: (by, leaseMs) => {
      holder = by
      return crashed ? Promise.resolve([]) : real.renewAll(by, leaseMs)
    },
    release: (...args) => (crashed ? Promise.resolve() : real.release(...args)),
    retire: (by) => (crashed ? Promise.resolve() : real.retire(by)),
    liveInstances: () => real.liveInstances(),
    holder: () => holder,
    crash() {
      crashed = true
    },
  }
}

/** A server instance in a test: its services over a database, and its lease store. */
export interface Instance {
  services: Services
  db: Db
  leases: CrashableLeases
}

/** Whether `instance` holds the live lease of the business's wallet (and so watches it). */
export async function isWatching(instance: Instance, businessId: string): Promise<boolean> {
  const { rows } = await sql<{ holder: string }>`
    SELECT holder FROM live_wallet_leases WHERE business_id = ${businessId}`.execute(instance.db)
  return rows[0] !== undefined && rows[0].holder === instance.leases.holder()
}

/** Stops the instance's watchers at once without releasing its leases, as a killed process. */
export async function crash(instance: Instance): Promise<void> {
  instance.leases.crash()
  await instance.services.watchers.stop()
}
