/**
 * What the refund and end-of-day tests share: a server on a known port (so the LNURLs it makes
 * reach it), a shop with an NWC wallet, a device signed in with staff who may or may not
 * refund, and payments taken at that device and paid by simnet's payer.
 */
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { until } from './assertions'
import { nwcBusiness } from './businesses'
import { freePort } from './crash/server-process'
import { buildTestApp, createTestEnv, type TestBrowser, type TestEnv } from './harness'
import { startTestSimnet, type TestSimnet } from './simnet'
import { withScreening } from './withdraw-support'

export interface RefundWorld {
  net: TestSimnet
  env: TestEnv
  app: FastifyInstance
  origin: string
  close(): Promise<void>
}

export async function startRefundWorld(): Promise<RefundWorld> {
  const net = await startTestSimnet()
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const env = await createTestEnv({
    env: { AUTO_APPROVE_APPLICATIONS: 'true', PUBLIC_URL: origin },
    externals: await withScreening(net),
    watcherOptions: { leaseMs: 1_500, renewMs: 300 },
  })
  await env.services.bus.start()
  env.services.watchers.start()
  const app = await buildTestApp(env)
  await app.listen({ port, host: '127.0.0.1' })
  return {
    net,
    env,
    app,
    origin,
    async close() {
      await app.close()
      await env.close()
      await net.close()
    },
  }
}

export const PERMITTED = { eodReport: true, refundReport: true, refund: true }
export const NOTHING = { eodReport: false, refundReport: false, refund: false }

/** A shop on an NWC wallet, its terminal signed in with Rita (every permission). */
export async function shopWithTerminal(w: RefundWorld) {
  return withTerminal(w, await nwcBusiness(w.env, w.net))
}

/**
 * The owner's business gets staff, Rita (every permission) and Sam (who may do nothing), and a
 * terminal signed in with Rita.
 */
export async function withTerminal(
  w: Pick<RefundWorld, 'env' | 'net'>,
  { b, businessId }: { b: TestBrowser; businessId: string },
) {
  const staff = (name: string, pin: string, permissions: typeof PERMITTED) =>
    b.caller.staff.create({ businessId, name, language: 'en', permissions, pin })
  const rita = await staff('Rita', '2468', PERMITTED)
  const sam = await staff('Sam', '1357', NOTHING)
  const { device, credentials } = await b.caller.devices.create({ businessId, name: 'Counter' })
  const d = w.env.browser()
  await d.caller.device.signIn(credentials)
  await d.caller.device.staffSignIn({ pin: '2468' })
  const business = await w.env.database.db
    .selectFrom('businesses')
    .select(['id', 'currency'])
    .where('id', '=', businessId)
    .executeTakeFirstOrThrow()

  /** A payment taken at the terminal by `staffId`, paid by the payer and settled. */
  async function paid(amount: { fiatMinor: number } | { sat: number }, staffId = rita.id) {
    const view = await w.env.services.payments.createLightning(business, {
      amount,
      memo: 'Flat white',
      idempotencyKey: randomUUID(),
      origin: { deviceId: device.id, staffId, orderReference: null },
    })
    if (!view.paymentRequest) throw new Error('no invoice')
    await w.net.control('POST', '/pay', { invoice: view.paymentRequest })
    return until(
      () => w.env.services.paymentRepo.find(businessId, view.id),
      (row) => row?.status === 'settled',
      'the payment to settle',
    ).then((row) => ({
      id: view.id,
      amountSat: Number(row?.amountSat),
      fiatMinor: Number(row?.fiatMinor),
    }))
  }

  /** A payment keyed in at the terminal by whoever is signed in, with a tip, paid and settled. */
  async function charged(sat: number, tip = 0) {
    const view = await d.caller.terminal.charge({
      amount: { sat },
      tip,
      method: 'lightning',
      idempotencyKey: randomUUID(),
    })
    if (!view.paymentRequest) throw new Error('no invoice')
    await w.net.control('POST', '/pay', { invoice: view.paymentRequest })
    await until(
      () => w.env.services.paymentRepo.find(businessId, view.id),
      (row) => row?.status === 'settled',
      'the payment to settle',
    )
    return view.id
  }

  return { b, businessId, device, credentials, d, rita, sam, paid, charged }
}

/** What the terminal sends for a refund of `sat` paid through an LNURL-withdraw. */
export function lnurlRefund(paymentId: string, sat: number, idempotencyKey = randomUUID()) {
  return {
    paymentId,
    basis: 'sat' as const,
    amount: sat,
    payout: { kind: 'lnurl' as const },
    idempotencyKey,
  }
}

/** The payer claims an LNURL-withdraw through simnet's control API. */
export function claim(w: RefundWorld, lnurl: string, wait = true) {
  return w.net.control<{ amountSat: number; paymentHash: string; state: string }>(
    'POST',
    '/lnurl-withdraw',
    { lnurl, wait },
  )
}
