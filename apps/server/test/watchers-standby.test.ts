/**
 * A standby instance: while one instance holds a wallet's lease, another follows the same
 * wallet's pushed settlements, so that a payment made after the holder died is credited at
 * once, not after the lease lapsed and a new watch was started. Each payment is credited once
 * although both instances see it.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { nwcBusiness } from './businesses'
import { until } from './assertions'
import { scenario, anotherInstance, type TestBrowser } from './harness'
import { crash, crashableLeases, isWatching, type CrashableLeases, type Instance } from './watchers'

/** A lease far longer than the test waits: only a standby can credit after the holder dies. */
const SLOW_LAPSE = { leaseMs: 30_000, renewMs: 300 }

let leases: CrashableLeases | undefined
const t = await scenario({
  simnet: true,
  realtime: true,
  watcherOptions: SLOW_LAPSE,
  leases: (db) => (leases = crashableLeases(db)),
})
afterAll(t.close)
const { env, net } = t
if (!leases) throw new Error('no lease store')
const main: Instance = { services: env.services, db: env.database.db, leases }

let otherLeases: CrashableLeases | undefined
const second = anotherInstance(env, {
  watcherOptions: SLOW_LAPSE,
  leases: (db) => (otherLeases = crashableLeases(db)),
})
afterAll(() => second.close())
if (!otherLeases) throw new Error('no lease store')
const other: Instance = { services: second.services, db: second.db, leases: otherLeases }
await second.services.bus.start()
second.services.watchers.start()

const statusOf = (b: TestBrowser, businessId: string, paymentId: string) =>
  b.caller.payments.get({ businessId, paymentId }).then((p) => p.status)

const settledRows = (businessId: string) =>
  env.database.db
    .selectFrom('paymentDailyTotals')
    .select(['count', 'amountSat'])
    .where('businessId', '=', businessId)
    .where('method', '=', 'lightning')
    .executeTakeFirst()

describe('a standby instance', () => {
  it('follows the wallet the other instance holds, and credits what is paid after the holder died', async () => {
    const { b, businessId } = await nwcBusiness(env, net)
    const first = await b.caller.payments.createLightning({
      businessId,
      amount: { sat: 2_000 },
      memo: '',
    })
    // Open until the end, so that the business stays watched (and by the same holder).
    const second = await b.caller.payments.createLightning({
      businessId,
      amount: { sat: 3_000 },
      memo: '',
    })
    const [holder, standby] = await until(
      async () => {
        const [a, c] = await Promise.all([
          isWatching(main, businessId),
          isWatching(other, businessId),
        ])
        return a ? [main, other] : c ? [other, main] : null
      },
      Boolean,
      'a holder',
    ).then((pair) => pair as [Instance, Instance])
    await until(
      () => Promise.resolve(standby.services.watchers.watching(businessId)),
      (w) => w?.role === 'standby' && w.following,
      'the other instance to stand by and follow the wallet',
    )
    expect(holder.services.watchers.watching(businessId)).toEqual({
      role: 'holder',
      following: true,
    })

    // Both follow the wallet: a payment is seen twice and credited once.
    await net.control('POST', '/pay', { invoice: first.paymentRequest })
    await until(
      () => statusOf(b, businessId, first.id),
      (s) => s === 'settled',
      'the first',
    )

    // The holder dies keeping its lease (it lapses only after 30 s); the second is paid.
    await crash(holder)
    const paidAt = Date.now()
    await net.control('POST', '/pay', { invoice: second.paymentRequest })
    await until(
      () => statusOf(b, businessId, second.id),
      (s) => s === 'settled',
      'the payment made after the holder died',
      10_000,
    )
    // Credited by the standby's own watch, long before the dead holder's lease lapsed.
    expect(Date.now() - paidAt).toBeLessThan(5_000)
    expect(await isWatching(standby, businessId)).toBe(false)

    const totals = await settledRows(businessId)
    expect([Number(totals?.count), Number(totals?.amountSat)]).toEqual([2, 5_000])
    const rows = await env.database.db
      .selectFrom('payments')
      .select(['status', 'receivedSat'])
      .where('businessId', '=', businessId)
      .orderBy('createdAt')
      .execute()
    expect(rows.map((r) => [r.status, Number(r.receivedSat)])).toEqual([
      ['settled', 2_000],
      ['settled', 3_000],
    ])
  })
})
