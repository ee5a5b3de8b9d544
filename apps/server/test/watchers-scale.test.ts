/**
 * Watching thousands of businesses from one instance costs a few statements a tick, not a few
 * per business: addresses are followed only for businesses with an open on-chain payment, each
 * open invoice is asked of the wallet once when watching starts, another instance's live lease
 * is passed over without waiting on its row, and an NWC wallet that sends notifications is not
 * asked about pending invoices again while its relay connection holds.
 */
import { randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { createLeaseRepo } from '../src/modules/payments/lease-repo'
import { createPaymentRepo, type PaymentRepo } from '../src/modules/payments/repo'
import { cachedWalletProvider } from '../src/wallets/wallet-provider'
import { createWalletWatchers } from '../src/modules/payments/watchers'
import { parseNwcUri } from '../src/wallets/nwc/nwc-uri'
import { NwcWallet } from '../src/wallets/nwc/nwc-wallet'
import type { Settlement, Wallet } from '../src/wallets/wallet'
import { until } from './assertions'
import { scenario } from './harness'
import { DEMO_RELAY_POLICY } from '../src/wallets/nwc/relay-guard'

const t = await scenario({ simnet: true, business: 'approved' })
afterAll(t.close)
const { env, net } = t
const template = t.owner.businessId

/** `count` businesses of the template's owner, each with one open payment (an address or not). */
async function businessesWithOpenPayments(
  count: number,
  opts: { address?: boolean; expiresInMs?: number } = {},
) {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO businesses (name, onboarding_step, created_by, currency)
    SELECT b.name || ' ' || g, b.onboarding_step, b.created_by, b.currency
    FROM businesses b, generate_series(1, ${count}::int) g WHERE b.id = ${template}
    RETURNING id`.execute(env.database.db)
  const hashes = new Map<string, string>()
  for (const { id } of rows) {
    const hash = randomBytes(32).toString('hex')
    hashes.set(id, hash)
    await env.database.db
      .insertInto('payments')
      .values({
        businessId: id,
        method: opts.address ? 'onchain' : 'lightning',
        amountSat: 1_000,
        receivedSat: 0,
        feeSat: 0,
        currency: 'GBP',
        paymentHash: hash,
        paymentRequest: `lnbcrt10u1${hash.slice(0, 20)}`,
        address: opts.address ? `bcrt1q${hash.slice(0, 38)}` : null,
        expiresAt: new Date(Date.now() + (opts.expiresInMs ?? 15 * 60_000)),
        deviceId: null,
        tipPageId: null,
        txid: null,
        settledAt: null,
        failureReason: null,
        idempotencyKey: null,
      })
      .execute()
  }
  return hashes
}

/** A wallet that holds every invoice open, and counts what it is asked. */
function countingWallet(asked: Map<string, number>): Wallet {
  const lookup = (paymentHash: string) => {
    asked.set(paymentHash, (asked.get(paymentHash) ?? 0) + 1)
    return Promise.resolve({
      paymentHash,
      state: 'open' as const,
      amountPaidSat: 0,
      settledAt: null,
    })
  }
  const refuse = () => Promise.reject(new Error('not asked in this test'))
  return {
    kind: 'nwc',
    capabilities: {
      lightning: true,
      descriptionHash: true,
      onchain: false,
      pushesSettlements: true,
    },
    createInvoice: refuse,
    lookupInvoice: lookup,
    // As every adapter: what is pending is looked up once the watch follows settlements.
    async watch(handlers, signal) {
      for (const hash of await handlers.pending()) await lookup(hash)
      handlers.onReady?.()
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()))
    },
    balance: refuse,
    sendableBalance: refuse,
    close: () => {},
  }
}

describe('watching many businesses', () => {
  it('follows addresses only of businesses with an open on-chain payment, and asks each open invoice once', async () => {
    const lightning = await businessesWithOpenPayments(30)
    const onchain = await businessesWithOpenPayments(1, { address: true })
    const repo = createPaymentRepo(env.database.db)
    const followed = new Map<string, number>()
    const counting: PaymentRepo = {
      ...repo,
      openOnchain: (businessId) => {
        followed.set(businessId, (followed.get(businessId) ?? 0) + 1)
        return repo.openOnchain(businessId)
      },
    }
    const asked = new Map<string, number>()
    const watchers = createWalletWatchers({
      repo: counting,
      leases: createLeaseRepo(env.database.db),
      wallets: cachedWalletProvider(() => Promise.resolve(countingWallet(asked))),
      price: env.services.price,
      options: { leaseMs: 3_000, renewMs: 100 },
    })
    watchers.start()
    try {
      const all = [...lightning.values(), ...onchain.values()]
      await until(
        () => Promise.resolve(all.filter((h) => asked.has(h)).length),
        (n) => n === all.length,
        'every open invoice to be looked up',
      )
      // Some ticks more (however long the machine takes for them).
      const onchainBusiness = [...onchain.keys()][0] ?? ''
      await until(
        () => Promise.resolve(followed.get(onchainBusiness) ?? 0),
        (n) => n > 3,
        'the on-chain business to be followed on more ticks',
      )
      expect([...followed.keys()]).toEqual([...onchain.keys()])
      expect(followed.get(onchainBusiness)).toBeGreaterThan(3)
      for (const hash of all) expect(asked.get(hash)).toBe(1)
    } finally {
      await watchers.stop()
    }
  })

  it('starts watching the business with the newest payment first, one turn at a time', async () => {
    // The newest payment expires first (a short invoice): it is still the first watched.
    const older = await businessesWithOpenPayments(3, { expiresInMs: 24 * 3600_000 })
    const newest = await businessesWithOpenPayments(1, { expiresInMs: 5 * 60_000 })
    const started: string[] = []
    let atOnce = 0
    let mostAtOnce = 0
    const watchers = createWalletWatchers({
      repo: createPaymentRepo(env.database.db),
      leases: createLeaseRepo(env.database.db),
      wallets: cachedWalletProvider((businessId) => {
        const wallet = countingWallet(new Map())
        return Promise.resolve({
          ...wallet,
          // Becomes ready 100 ms after it starts.
          async watch(handlers, signal) {
            started.push(businessId)
            atOnce += 1
            mostAtOnce = Math.max(mostAtOnce, atOnce)
            await sleep(100)
            atOnce -= 1
            handlers.onReady?.()
            await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()))
          },
        })
      }),
      price: env.services.price,
      options: { leaseMs: 3_000, renewMs: 100, startConcurrency: 1 },
    })
    watchers.start()
    try {
      const ours = [...older.keys(), ...newest.keys()]
      await until(
        () => Promise.resolve(ours.filter((id) => started.includes(id)).length),
        (n) => n === ours.length,
        'every business to be watched',
      )
      expect(started.filter((id) => ours.includes(id))[0]).toBe([...newest.keys()][0])
      expect(mostAtOnce).toBe(1)
    } finally {
      await watchers.stop()
    }
  })

  it("passes over another instance's live lease without waiting on its row, and takes a lapsed one", async () => {
    const [businessId = ''] = [...(await businessesWithOpenPayments(1)).keys()]
    const leases = createLeaseRepo(env.database.db)
    expect(await leases.acquire([businessId], 'instance-a', 60_000)).toEqual([businessId])
    // Instance A renews right now: its row is locked until that transaction ends.
    const client = await env.database.pool.connect()
    try {
      await client.query('BEGIN')
      await client.query('SELECT * FROM wallet_leases WHERE business_id = $1 FOR UPDATE', [
        businessId,
      ])
      const started = Date.now()
      expect(await leases.acquire([businessId], 'instance-b', 60_000)).toEqual([])
      expect(Date.now() - started).toBeLessThan(1_000)
    } finally {
      await client.query('ROLLBACK')
      client.release()
    }
    const { db } = env.database
    const lapse = () =>
      db
        .updateTable('walletLeases')
        .set({ expiresAt: new Date(Date.now() - 1_000) })
        .where('businessId', '=', businessId)
        .execute()
    // The lease's own time has passed, but instance A's heart still beats: it keeps the lease.
    await lapse()
    expect(await leases.acquire([businessId], 'instance-b', 60_000)).toEqual([])
    expect(await leases.renewAll('instance-a', 60_000)).toBeNull()
    // A stops beating (killed): B takes the lease, and A, beating again, learns it lost it.
    await db
      .updateTable('watcherInstances')
      .set({ aliveUntil: new Date(Date.now() - 1_000) })
      .where('id', '=', 'instance-a')
      .execute()
    expect(await leases.acquire([businessId], 'instance-b', 60_000)).toEqual([businessId])
    expect(await leases.renewAll('instance-a', 60_000)).not.toContain(businessId)
    expect(await leases.acquire([businessId], 'instance-a', 60_000)).toEqual([])
  })

  it('gives a free lease to one of two instances taking it at the same moment', async () => {
    const [, , businessId = ''] = [...(await businessesWithOpenPayments(3)).keys()]
    const { db } = env.database
    await db.deleteFrom('walletLeases').where('businessId', '=', businessId).execute()
    const second = createLeaseRepo(db)
    let secondTook: Promise<string[]> = Promise.resolve([])
    // Instance D takes it in a transaction still open while instance E asks: E's statement
    // starts before D's lease is committed and meets it only on the row.
    const firstTook = await db.transaction().execute(async (trx) => {
      const took = await createLeaseRepo(trx).acquire([businessId], 'instance-d', 60_000)
      secondTook = second.acquire([businessId], 'instance-e', 60_000)
      await sleep(300)
      return took
    })
    expect(firstTook).toEqual([businessId])
    expect(await secondTook).toEqual([])
    const row = await db
      .selectFrom('walletLeases')
      .select('holder')
      .where('businessId', '=', businessId)
      .executeTakeFirst()
    expect(row?.holder).toBe('instance-d')
  })

  it('keeps a lease renewed the earlier way (no heartbeat) until its own time passes', async () => {
    const [, businessId = ''] = [...(await businessesWithOpenPayments(2)).keys()]
    const { db } = env.database
    const leases = createLeaseRepo(db)
    // As an instance of the previous release left it while it still runs: no heartbeat row.
    await db
      .insertInto('walletLeases')
      .values({ businessId, holder: 'previous-release', expiresAt: new Date(Date.now() + 60_000) })
      .onConflict((oc) =>
        oc.column('businessId').doUpdateSet({
          holder: 'previous-release',
          expiresAt: new Date(Date.now() + 60_000),
        }),
      )
      .execute()
    expect(await leases.acquire([businessId], 'instance-c', 60_000)).toEqual([])
    await db
      .updateTable('walletLeases')
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where('businessId', '=', businessId)
      .execute()
    expect(await leases.acquire([businessId], 'instance-c', 60_000)).toEqual([businessId])
    // A clean stop ends the heartbeat: the lease lapses with its own time.
    await leases.release([businessId], 'instance-c')
    await leases.retire('instance-c')
    const beats = await db
      .selectFrom('watcherInstances')
      .select('id')
      .where('id', '=', 'instance-c')
      .execute()
    expect(beats).toEqual([])
  })
})

describe('an NWC wallet that sends notifications', () => {
  it('is asked about pending invoices when watching starts, not again while its relay holds, and reports what is paid', async () => {
    const { uri } = await net.control<{ uri: string }>('POST', '/nwc/connections', {
      name: 'quiet',
    })
    const wallet = new NwcWallet(parseNwcUri(uri), {
      notifications: ['payment_received'],
      relayPolicy: DEMO_RELAY_POLICY,
      pollIntervalMs: 50,
    })
    const invoice = await wallet.createInvoice({ amountSat: 700, memo: 'x', expirySec: 600 })
    let pendingAsked = 0
    let isReady = false
    const settled: Settlement[] = []
    const controller = new AbortController()
    const watching = wallet.watch(
      {
        onSettlement: (s) => {
          settled.push(s)
          return Promise.resolve()
        },
        pending: () => {
          pendingAsked += 1
          return Promise.resolve([invoice.paymentHash])
        },
        onReady: () => {
          isReady = true
        },
      },
      controller.signal,
    )
    try {
      await until(() => Promise.resolve(isReady), Boolean, 'the watch to be ready')
      // Twenty poll intervals with the relay connected.
      await sleep(1_000)
      expect(pendingAsked).toBe(1)
      await net.control('POST', '/pay', { invoice: invoice.paymentRequest })
      await until(
        () => Promise.resolve(settled.length),
        (n) => n > 0,
        'the notification',
      )
      expect(settled[0]).toMatchObject({ paymentHash: invoice.paymentHash, amountPaidSat: 700 })
    } finally {
      controller.abort()
      await watching
      wallet.close()
    }
  })
})
