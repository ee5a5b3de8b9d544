/**
 * The one payment flow (row, then request, then attach or fail) at its edges: a retry under an
 * idempotency key that asks for another payment, a row whose wallet call never came back, and
 * pages that reconnect to a payment's or the sales' live changes without missing or repeating.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { RESUME_AFTER_MS } from '../src/modules/payments/requests'
import {
  failUnanswered,
  UNANSWERED_DEADLINE_MS,
  UNANSWERED_REASON,
} from '../src/modules/payments/deadline'
import { appCode, rejection, until } from './assertions'
import { exchangeBusiness, nwcBusiness } from './businesses'
import { PAYMENT_EVENTS_CHANNEL } from '../src/modules/payments'
import { countSubscriptions } from './bus-probe'
import { scenario } from './harness'

const t = await scenario({
  simnet: true,
  realtime: true,
  watcherOptions: { leaseMs: 1_500, renewMs: 300 },
})
afterAll(t.close)
const { env, net } = t
const subscriptions = countSubscriptions(env.services.bus, PAYMENT_EVENTS_CHANNEL)

const rowsOf = (businessId: string) =>
  env.database.db
    .selectFrom('payments')
    .select(['id', 'method', 'status', 'amountSat', 'failureReason'])
    .where('businessId', '=', businessId)
    .orderBy('createdAt')
    .execute()

const afterDeadline = () => new Date(Date.now() + UNANSWERED_DEADLINE_MS + 1_000)

describe('idempotency keys', () => {
  it('refuses a retry under the same key that asks for another amount, recording nothing', async () => {
    const { b, businessId } = await nwcBusiness(env, net)
    const idempotencyKey = 'till-7-0042'
    const first = await b.caller.payments.createLightning({
      businessId,
      amount: { sat: 1_000 },
      memo: 'tea',
      idempotencyKey,
    })
    const other = await rejection(
      b.caller.payments.createLightning({
        businessId,
        amount: { sat: 2_000 },
        memo: 'tea',
        idempotencyKey,
      }),
    )
    expect(appCode(other)).toBe('IDEMPOTENCY_KEY_REUSED')
    expect(other.code).toBe('CONFLICT')
    expect(await rowsOf(businessId)).toMatchObject([{ id: first.id, amountSat: '1000' }])
  })

  it('refuses a retry under the same key for another method', async () => {
    const { b, businessId } = await exchangeBusiness(env, net)
    const idempotencyKey = 'till-8-0001'
    const input = { businessId, amount: { sat: 5_000 }, memo: '', idempotencyKey }
    const first = await b.caller.payments.createLightning(input)
    const onchain = await rejection(b.caller.payments.createOnchain(input))
    expect(appCode(onchain)).toBe('IDEMPOTENCY_KEY_REUSED')
    expect(await rowsOf(businessId)).toMatchObject([{ id: first.id, method: 'lightning' }])
  })

  it('gives the same payment for the same fiat amount keyed again', async () => {
    const { b, businessId } = await nwcBusiness(env, net)
    const input = { businessId, amount: { fiatMinor: 325 }, memo: '', idempotencyKey: 'till-9-1' }
    const first = await b.caller.payments.createLightning(input)
    const again = await b.caller.payments.createLightning(input)
    expect(again.id).toBe(first.id)
    expect(await rowsOf(businessId)).toHaveLength(1)
  })
})

describe('the deadline of a wallet call', () => {
  it('fails a row whose wallet call never came back, once past the deadline', async () => {
    const { b, businessId } = await nwcBusiness(env, net)
    const answered = await b.caller.payments.createLightning({
      businessId,
      amount: { sat: 800 },
      memo: 'answered',
    })
    // The row is written, then the process dies before the wallet's invoice is attached.
    const { row } = await env.services.paymentRepo.insert({
      businessId,
      method: 'lightning',
      amountSat: 900,
      currency: 'GBP',
      fiatMinor: null,
      memo: 'never answered',
      idempotencyKey: 'till-crash-1',
    })
    // Within the deadline the call might still come back: nothing is failed.
    await failUnanswered(env.services.paymentRepo)
    expect((await b.caller.payments.get({ businessId, paymentId: row.id })).status).toBe('pending')

    await failUnanswered(env.services.paymentRepo, afterDeadline())
    const failed = await b.caller.payments.get({ businessId, paymentId: row.id })
    expect(failed).toMatchObject({ status: 'failed', failureReason: UNANSWERED_REASON })
    // The answered payment is left to the watchers.
    const open = await b.caller.payments.get({ businessId, paymentId: answered.id })
    expect(open.status).toBe('pending')
    await env.services.payments.get(businessId, answered.id)
    const watched = await env.database.db
      .selectFrom('payments')
      .select('id')
      .where('businessId', '=', businessId)
      .where('status', 'in', ['pending', 'processing'])
      .execute()
    expect(watched.map((r) => r.id)).toEqual([answered.id])
  })

  it('asks again, once, for a retried request whose process stopped before the answer', async () => {
    const { b, businessId } = await nwcBusiness(env, net)
    // Written by a till's request whose process died before the wallet's invoice came back.
    const { row } = await env.services.paymentRepo.insert({
      businessId,
      method: 'lightning',
      amountSat: 700,
      currency: 'GBP',
      fiatMinor: null,
      memo: 'retried',
      idempotencyKey: 'till-crash-2',
    })
    const retry = () =>
      b.caller.payments.createLightning({
        businessId,
        amount: { sat: 700 },
        memo: 'retried',
        idempotencyKey: 'till-crash-2',
      })
    // While the first request may still be answering, a retry gets the row as it stands.
    expect((await retry()).paymentRequest).toBeNull()

    await sql`UPDATE payments SET created_at = ${new Date(Date.now() - RESUME_AFTER_MS - 1_000)}
      WHERE id = ${row.id}`.execute(env.database.db)
    const resumed = await retry()
    expect(resumed).toMatchObject({ id: row.id, status: 'pending' })
    expect(resumed.paymentRequest).toMatch(/^lnbcrt/)
    // Asked once: later retries get the same invoice, and nothing else is written.
    expect((await retry()).paymentRequest).toBe(resumed.paymentRequest)
    expect(await rowsOf(businessId)).toHaveLength(1)

    await net.control('POST', '/pay', { invoice: resumed.paymentRequest })
    const settled = await until(
      () => b.caller.payments.get({ businessId, paymentId: row.id }),
      (p) => p.status === 'settled',
      'the resumed payment to settle',
    )
    expect(settled.receivedSat).toBe(700)
  })

  it('fails the row when the wallet answers only after the deadline swept it', async () => {
    const { businessId } = await nwcBusiness(env, net)
    const outcome = await env.services.payments.receive(
      { id: businessId, currency: 'GBP' },
      { method: 'lightning', amountSat: 700, fiatMinor: null, memo: 'slow', idempotencyKey: null },
      'lightning',
      async ({ invoice }) => {
        // The wallet takes longer than the deadline: the sweep fails the row meanwhile.
        await failUnanswered(env.services.paymentRepo, afterDeadline())
        return { invoice: await invoice({ amountSat: 700, memo: 'slow', expirySec: 600 }) }
      },
    )
    expect(outcome.state).toBe('failed')
    expect(await rowsOf(businessId)).toMatchObject([
      { status: 'failed', failureReason: UNANSWERED_REASON },
    ])
  })
})

type Envelope<T> = { id: string; data: T } | [string, T, ...unknown[]]
/** An event id and its data, whichever shape the caller hands a tracked event in. */
function unwrap<T>(e: Envelope<T>): { id: string; data: T } {
  return Array.isArray(e) ? { id: e[0], data: e[1] } : e
}

describe('reconnecting', () => {
  it('gives a payment page what it missed while away, and nothing twice', async () => {
    const { b, businessId } = await nwcBusiness(env, net)
    const p = await b.caller.payments.createLightning({
      businessId,
      amount: { sat: 1_500 },
      memo: 'away',
    })
    const first = (await b.caller.payments.follow({ businessId, paymentId: p.id }))[
      Symbol.asyncIterator
    ]()
    const seen = unwrap((await first.next()).value as Envelope<typeof p>)
    expect(seen.data.status).toBe('pending')
    await first.return?.(undefined) // the page goes away

    // Paid while the page was away.
    await net.control('POST', '/pay', { invoice: p.paymentRequest })
    await until(
      () => b.caller.payments.get({ businessId, paymentId: p.id }),
      (v) => v.status === 'settled',
      'the settlement',
    )
    const back = await b.caller.payments.follow({
      businessId,
      paymentId: p.id,
      lastEventId: seen.id,
    })
    const missed: { id: string; data: typeof p }[] = []
    for await (const e of back) missed.push(unwrap(e as Envelope<typeof p>))
    expect(missed.map((e) => e.data.status)).toEqual(['settled'])
    expect(missed[0]?.id).not.toBe(seen.id)

    // Reconnecting after the last event: nothing again (the payment is final, the stream ends).
    const again = await b.caller.payments.follow({
      businessId,
      paymentId: p.id,
      lastEventId: missed[0]?.id,
    })
    const repeated: unknown[] = []
    for await (const e of again) repeated.push(e)
    expect(repeated).toEqual([])
  })

  it('tells a sales page at once what changed while it was away, and not twice', async () => {
    const { b, businessId } = await nwcBusiness(env, net)
    const pay = async (memo: string) => {
      const p = await b.caller.payments.createLightning({ businessId, amount: { sat: 600 }, memo })
      await net.control('POST', '/pay', { invoice: p.paymentRequest })
      await until(
        () => b.caller.payments.get({ businessId, paymentId: p.id }),
        (v) => v.status === 'settled',
        `the settlement of ${memo}`,
      )
    }
    const next = async (lastEventId?: string, waitMs = 5_000) => {
      const iter = (await b.caller.sales.changes({ businessId, lastEventId }))[
        Symbol.asyncIterator
      ]()
      const got = await Promise.race([
        iter.next().then((r) => (r.done ? null : unwrap(r.value as Envelope<{ changedAt: Date }>))),
        sleep(waitMs).then(() => null),
      ])
      void iter.return?.(undefined) // the page goes away
      return got
    }

    // A page sees a change live, then goes away.
    const listening = subscriptions.count()
    const live = next()
    await subscriptions.reached(listening + 1)
    await pay('live')
    const seen = await live
    expect(seen?.data.changedAt).toBeInstanceOf(Date)
    if (!seen) throw new Error('no live change')
    // Wait for the rest of that payment's changes, then it changes again while away.
    await sleep(300)
    const quiet = await next(seen.id, 800)
    if (quiet) expect(quiet.id > seen.id).toBe(true)
    const last = quiet ?? seen
    await pay('away')
    const missed = await next(last.id, 20_000)
    expect(missed).not.toBeNull()
    expect(missed && missed.id > last.id).toBe(true)
    // Back again after that: nothing new, so nothing told.
    expect(await next(missed?.id, 800)).toBeNull()
  })
})
