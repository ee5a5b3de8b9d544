/**
 * Taking Lightning payments end to end on simnet: the row comes first, settlement is credited
 * once, a payment settled while nobody watched is found, and with two server instances on one
 * database exactly one watches a wallet while a settlement reaches subscribers on both.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, describe, expect, it } from 'vitest'
import type { PaymentView } from '../src/modules/payments/view'
import { salesChanges } from '../src/modules/sales/changes'
import { exchangeBusiness, nwcBusiness, ownNodeBusiness } from './businesses'
import { PAYMENT_EVENTS_CHANNEL } from '../src/modules/payments'
import { countSubscriptions } from './bus-probe'
import { scenario, anotherInstance, type TestBrowser } from './harness'
import { appCode, rejection, until } from './assertions'
import { crash, crashableLeases, isWatching, type CrashableLeases, type Instance } from './watchers'

const FAST = { leaseMs: 1_500, renewMs: 300 }

/** Polls a payment until it is settled; `what` names it in the timeout message. */
const untilSettled = (b: TestBrowser, businessId: string, paymentId: string, what: string) =>
  until(
    () => b.caller.payments.get({ businessId, paymentId }),
    (v) => v.status === 'settled',
    what,
  )

let leases: CrashableLeases | undefined
const t = await scenario({
  simnet: true,
  realtime: true,
  watcherOptions: FAST,
  leases: (db) => (leases = crashableLeases(db)),
})
afterAll(t.close)
const { env, net } = t
const subscriptions = countSubscriptions(env.services.bus, PAYMENT_EVENTS_CHANNEL)
if (!leases) throw new Error('no lease store')
/** The shared test server as one instance among others on its database. */
const main: Instance = { services: env.services, db: env.database.db, leases }

function collect(iter: AsyncIterable<PaymentView>) {
  const seen: PaymentView[] = []
  const done = (async () => {
    for await (const v of iter) seen.push(v)
  })()
  return { seen, done }
}

const totals = (businessId: string) =>
  env.database.db
    .selectFrom('paymentDailyTotals')
    .select(['method', 'count', 'amountSat'])
    .where('businessId', '=', businessId)
    .execute()

describe('Lightning payments', () => {
  it('creates the row, then an invoice; the payer pays; the page sees it settle once', async () => {
    const { b, businessId } = await nwcBusiness(env, net)
    const payment = await b.caller.payments.createLightning({
      businessId,
      amount: { sat: 2_500 },
      memo: 'flat white',
    })
    expect(payment).toMatchObject({
      status: 'pending',
      amountSat: 2_500,
      memo: 'flat white',
      currency: 'GBP',
    })
    expect(payment.paymentRequest).toMatch(/^lnbcrt25u1/)

    const controller = new AbortController()
    const follow = collect(env.services.payments.follow(businessId, payment.id, controller.signal))
    await net.control('POST', '/pay', { invoice: payment.paymentRequest })
    await follow.done
    const last = follow.seen.at(-1)
    expect(last).toMatchObject({ status: 'settled', receivedSat: 2_500 })
    expect(last?.fiatMinor).toBeGreaterThan(0)
    expect(await totals(businessId)).toEqual([{ method: 'lightning', count: 1, amountSat: '2500' }])

    // Replays credit nothing twice.
    const replay = await env.services.paymentRepo.settle(payment.id, {
      receivedSat: 2_500,
      settledAt: new Date(),
      fiatMinor: 1,
    })
    expect(replay).toBeUndefined()
    expect(await totals(businessId)).toEqual([{ method: 'lightning', count: 1, amountSat: '2500' }])
  })

  it('tells the sales pages of the business, and only them, when a payment settles', async () => {
    const { b, businessId } = await nwcBusiness(env, net)
    const other = await nwcBusiness(env, net)
    const payment = await b.caller.payments.createLightning({
      businessId,
      amount: { sat: 700 },
      memo: 'live',
    })
    const mineStop = new AbortController()
    const theirStop = new AbortController()
    const mine = salesChanges(env.services.bus, businessId, mineStop.signal)
    const theirs = salesChanges(env.services.bus, other.businessId, theirStop.signal)
    const listening = subscriptions.count()
    const myNext = mine.next()
    const theirNext = theirs.next()
    await subscriptions.reached(listening + 2) // both listening
    await net.control('POST', '/pay', { invoice: payment.paymentRequest })
    const told = await myNext
    expect(told.done).toBe(false)
    expect(told.value).toMatchObject({ changedAt: expect.any(Date) as Date })
    const quiet = await Promise.race([theirNext.then(() => 'told'), sleep(300).then(() => 'quiet')])
    expect(quiet).toBe('quiet')
    mineStop.abort()
    theirStop.abort()
    expect((await theirNext).done).toBe(true)
    // Through the router, a business of someone else is not found.
    const foreign = await rejection(
      (async () => {
        const iter = await b.caller.sales.changes({ businessId: other.businessId })
        await iter[Symbol.asyncIterator]().next()
      })(),
    )
    expect(foreign.code).toBe('NOT_FOUND')
  })

  it('keys the amount in fiat and keeps that fiat amount', async () => {
    const { b, businessId } = await nwcBusiness(env, net)
    const price = await b.caller.price.get()
    const p = await b.caller.payments.createLightning({
      businessId,
      amount: { fiatMinor: 450 },
      memo: '',
    })
    expect(p.fiatMinor).toBe(450)
    expect(p.amountSat).toBe(Math.round((450 * 1e8) / price.minorPerBtc.GBP))
  })

  it('returns the same payment for the same idempotency key', async () => {
    const { b, businessId } = await nwcBusiness(env, net)
    const input = {
      businessId,
      amount: { sat: 1_000 },
      memo: 'retry',
      idempotencyKey: 'till-1-0001',
    }
    const first = await b.caller.payments.createLightning(input)
    const second = await b.caller.payments.createLightning(input)
    expect(second.id).toBe(first.id)
    expect(second.paymentRequest).toBe(first.paymentRequest)
  })

  it('refuses what the wallet cannot do and bad amounts, recording nothing', async () => {
    const { b, businessId } = await nwcBusiness(env, net)
    const onchain = await rejection(
      b.caller.payments.createOnchain({ businessId, amount: { sat: 10_000 }, memo: '' }),
    )
    expect(appCode(onchain)).toBe('WALLET_UNSUPPORTED')
    const tooBig = await rejection(
      b.caller.payments.createLightning({ businessId, amount: { sat: 200_000_000 }, memo: '' }),
    )
    expect(appCode(tooBig)).toBe('VALIDATION')
    const zero = await rejection(
      b.caller.payments.createLightning({ businessId, amount: { sat: 0 }, memo: '' }),
    )
    expect(zero.code).toBe('BAD_REQUEST')
    const rows = await env.database.db
      .selectFrom('payments')
      .select('id')
      .where('businessId', '=', businessId)
      .execute()
    expect(rows).toEqual([])
    expect(await b.caller.payments.capabilities({ businessId })).toMatchObject({
      lightning: true,
      onchain: false,
    })
  })

  it('refuses a business that has not finished onboarding, and another owner’s payment', async () => {
    const { b, businessId } = await nwcBusiness(env, net)
    const p = await b.caller.payments.createLightning({
      businessId,
      amount: { sat: 1_000 },
      memo: '',
    })
    const other = await nwcBusiness(env, net)
    const err = await rejection(other.b.caller.payments.get({ businessId, paymentId: p.id }))
    expect(err.code).toBe('NOT_FOUND')
    const cross = await rejection(
      other.b.caller.payments.get({ businessId: other.businessId, paymentId: p.id }),
    )
    expect(cross.code).toBe('NOT_FOUND')
  })
})

describe('on-chain payments', () => {
  it('follows the address: settled at one confirmation, with its transaction even when first seen confirmed', async () => {
    const { b, businessId } = await exchangeBusiness(env, net)
    const p = await b.caller.payments.createOnchain({
      businessId,
      amount: { sat: 40_000 },
      memo: 'books',
    })
    expect(p.address).toMatch(/^bcrt1q/)
    expect(p.bip21).toBe(`bitcoin:${p.address}?amount=0.0004&lightning=${p.paymentRequest}`)
    const sent = await net.control<{ txid: string }>('POST', '/send', {
      address: p.address,
      amountSat: 40_000,
    })
    // The exchange credits (and so reports) a deposit once it is confirmed enough: the payment
    // is never seen unconfirmed, and still records its transaction (the sales CSV's txid).
    await net.control('POST', '/mine', { blocks: 3 })
    const settled = await untilSettled(b, businessId, p.id, 'the on-chain payment')
    expect(settled).toMatchObject({ receivedSat: 40_000, method: 'onchain', txid: sent.txid })
    expect(settled.confirmations).toBeGreaterThanOrEqual(1)
  })
})

describe('on the business’s own node', () => {
  it(
    'receives Lightning through the provider’s inbound channel and on-chain at one confirmation',
    { timeout: 90_000 },
    async () => {
      const { b, businessId } = await ownNodeBusiness(env, net)
      expect(await b.caller.payments.capabilities({ businessId })).toMatchObject({
        lightning: true,
        onchain: true,
      })
      const ln = await b.caller.payments.createLightning({
        businessId,
        amount: { sat: 12_345 },
        memo: 'lunch',
      })
      const controller = new AbortController()
      const follow = collect(env.services.payments.follow(businessId, ln.id, controller.signal))
      const paid = await net.control<{ payment: { status: string; failureReason: string } }>(
        'POST',
        '/pay',
        { invoice: ln.paymentRequest },
      )
      expect(paid.payment).toMatchObject({ status: 'SUCCEEDED' })
      await follow.done
      expect(follow.seen.at(-1)).toMatchObject({ status: 'settled', receivedSat: 12_345 })

      const chain = await b.caller.payments.createOnchain({
        businessId,
        amount: { sat: 30_000 },
        memo: 'catering',
      })
      expect(chain.bip21).toBe(
        `bitcoin:${chain.address}?amount=0.0003&lightning=${chain.paymentRequest}`,
      )
      await net.control('POST', '/send', { address: chain.address, amountSat: 30_000 })
      await until(
        () => b.caller.payments.get({ businessId, paymentId: chain.id }),
        (v) => v.status === 'processing' && v.txid !== null,
        'the transaction in the mempool',
      )
      await net.control('POST', '/mine', { blocks: 1 })
      const settled = await untilSettled(b, businessId, chain.id, 'the on-chain payment')
      expect(settled).toMatchObject({ receivedSat: 30_000, method: 'onchain' })
    },
  )
})

describe('settlement while nobody watches, and two instances', () => {
  it('credits a payment settled while the server was down, after it restarts', async () => {
    let soloLeases: CrashableLeases | undefined
    const solo = await scenario({
      externals: net.externals,
      watcherOptions: FAST,
      leases: (db) => (soloLeases = crashableLeases(db)),
    })
    if (!soloLeases) throw new Error('no lease store')
    const first: Instance = {
      services: solo.env.services,
      db: solo.env.database.db,
      leases: soloLeases,
    }
    const restart = anotherInstance(solo.env, { watcherOptions: FAST })
    const restarted = restart.services
    try {
      const { b, businessId } = await nwcBusiness(solo.env, net)
      const p = await b.caller.payments.createLightning({
        businessId,
        amount: { sat: 3_000 },
        memo: '',
      })
      await until(() => isWatching(first, businessId), Boolean, 'the first instance to watch')
      // The server dies; the payer pays into silence.
      await crash(first)
      await net.control('POST', '/pay', { invoice: p.paymentRequest })
      await sleep(500)
      expect((await b.caller.payments.get({ businessId, paymentId: p.id })).status).toBe('pending')
      // It starts again (a new process on the same database) and finds the payment.
      await restarted.bus.start()
      restarted.watchers.start()
      await untilSettled(b, businessId, p.id, 'the missed settlement')
    } finally {
      await restart.close()
      await solo.close()
    }
  })

  it('watches each wallet from one instance, fans settlements out to both, and fails over', async () => {
    // A second server instance on the same database.
    let secondLeases: CrashableLeases | undefined
    const instance = anotherInstance(env, {
      watcherOptions: FAST,
      leases: (db) => (secondLeases = crashableLeases(db)),
    })
    if (!secondLeases) throw new Error('no lease store')
    const second = instance.services
    const other: Instance = { services: second, db: instance.db, leases: secondLeases }
    await second.bus.start()
    second.watchers.start()
    try {
      const { b, businessId } = await nwcBusiness(env, net)
      const p = await b.caller.payments.createLightning({
        businessId,
        amount: { sat: 4_000 },
        memo: '',
      })
      await until(
        () => Promise.all([isWatching(main, businessId), isWatching(other, businessId)]),
        ([a, c]) => a !== c,
        'exactly one instance to watch',
      )
      expect((await isWatching(main, businessId)) && (await isWatching(other, businessId))).toBe(
        false,
      )

      // A browser subscribed on the instance that does NOT watch still sees the settlement.
      const idle = (await isWatching(main, businessId)) ? second : env.services
      const controller = new AbortController()
      const follow = collect(idle.payments.follow(businessId, p.id, controller.signal))
      await net.control('POST', '/pay', { invoice: p.paymentRequest })
      await follow.done
      expect(follow.seen.at(-1)?.status).toBe('settled')

      // The watching instance dies without releasing its lease; the other takes over.
      const q = await b.caller.payments.createLightning({
        businessId,
        amount: { sat: 5_000 },
        memo: '',
      })
      await until(
        async () => (await isWatching(main, businessId)) || (await isWatching(other, businessId)),
        Boolean,
        'a watcher for the new payment',
      )
      const [dying, survivor] = (await isWatching(main, businessId)) ? [main, other] : [other, main]
      await crash(dying)
      const started = Date.now()
      await until(() => isWatching(survivor, businessId), Boolean, 'takeover', 10_000)
      expect(Date.now() - started).toBeLessThan(10_000)
      await net.control('POST', '/pay', { invoice: q.paymentRequest })
      await untilSettled(b, businessId, q.id, 'settlement after failover')
    } finally {
      await instance.close()
    }
  })
})
