/**
 * An on-chain payment (an address unified with a Lightning invoice) outlives its invoice: once
 * its transaction is seen it is followed until confirmed and credited once; unpaid, it expires
 * only a grace period after its invoice.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, describe, expect, it } from 'vitest'
import { expireLapsed } from '../src/modules/payments/jobs'
import { DEFAULT_ADDRESS_GRACE_MS } from '../src/modules/payments/settlements'
import { until } from './assertions'
import { exchangeBusiness } from './businesses'
import { scenario, type TestBrowser } from './harness'

const t = await scenario({
  simnet: true,
  realtime: true,
  watcherOptions: { leaseMs: 1_500, renewMs: 300 },
})
afterAll(t.close)
const { env, net } = t

/** The payment's invoice lapsed `agoMs` ago (as if that much time had passed since). */
const lapse = (paymentId: string, agoMs: number) =>
  env.database.db
    .updateTable('payments')
    .set({ expiresAt: new Date(Date.now() - agoMs) })
    .where('id', '=', paymentId)
    .execute()

/** One run of the expiry sweep, as the job queue runs it. */
const sweep = () =>
  expireLapsed({
    repo: env.services.paymentRepo,
    wallets: env.services.wallets,
    price: env.services.price,
  })

const get = (b: TestBrowser, businessId: string, paymentId: string) =>
  b.caller.payments.get({ businessId, paymentId })

const totals = (businessId: string) =>
  env.database.db
    .selectFrom('paymentDailyTotals')
    .select(['method', 'count', 'amountSat'])
    .where('businessId', '=', businessId)
    .execute()

describe('on-chain payments whose invoice lapses', () => {
  it('follows a payment seen on-chain past its invoice, and credits it once when mined', async () => {
    const { b, businessId } = await exchangeBusiness(env, net)
    const p = await b.caller.payments.createOnchain({
      businessId,
      amount: { sat: 40_000 },
      memo: 'books',
    })
    expect(p.paymentRequest).toBeTruthy()
    await net.control('POST', '/send', { address: p.address, amountSat: 40_000 })
    await until(
      () => get(b, businessId, p.id),
      (v) => v.status === 'processing',
      'the transaction to be seen',
    )

    // The invoice lapses (well past its grace) while the transaction waits for a block.
    await lapse(p.id, 5 * 60_000)
    await sweep()
    expect(await get(b, businessId, p.id)).toMatchObject({ status: 'processing' })

    await net.control('POST', '/mine', { blocks: 3 })
    const settled = await until(
      () => get(b, businessId, p.id),
      (v) => v.status === 'settled',
      'the confirmed payment to be credited',
    )
    expect(settled).toMatchObject({ receivedSat: 40_000, method: 'onchain' })
    await sweep()
    await sleep(1_000)
    expect(await get(b, businessId, p.id)).toMatchObject({ status: 'settled' })
    expect(await totals(businessId)).toEqual([{ method: 'onchain', count: 1, amountSat: '40000' }])
  })

  it('expires an unpaid address payment only a grace period after its invoice', async () => {
    const { b, businessId } = await exchangeBusiness(env, net)
    const p = await b.caller.payments.createOnchain({
      businessId,
      amount: { sat: 15_000 },
      memo: 'unpaid',
    })
    await lapse(p.id, 5 * 60_000)
    await sweep()
    expect(await get(b, businessId, p.id)).toMatchObject({ status: 'pending' })

    await lapse(p.id, DEFAULT_ADDRESS_GRACE_MS + 5 * 60_000)
    await sweep()
    expect(await get(b, businessId, p.id)).toMatchObject({ status: 'expired' })
  })

  it('still expires a lapsed Lightning invoice', async () => {
    const { b, businessId } = await exchangeBusiness(env, net)
    const p = await b.caller.payments.createLightning({
      businessId,
      amount: { sat: 5_000 },
      memo: 'lapsed',
    })
    await lapse(p.id, 5 * 60_000)
    await sweep()
    expect(await get(b, businessId, p.id)).toMatchObject({ status: 'expired' })
  })
})
