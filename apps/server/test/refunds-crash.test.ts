/**
 * A refund survives a SIGKILL of the server while it is being paid: the customer's wallet claims
 * the LNURL-withdraw, the server (a child process) is killed the moment its node starts the
 * payment (the simulated network completes it meanwhile), and after a restart the withdrawal's
 * follow-up makes the refund refunded: paid exactly once, and a retry of the same refund (same
 * key) pays nothing again. A refund claimed but never sent (the instance stopped right after the
 * claim) is paid by the refunds' follow-up, once.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectDatabase, type DatabaseHandle } from '../src/db/database'
import { until } from './assertions'
import { ownNodeBusiness } from './businesses'
import { trpcClient, type TrpcClient } from './crash/client'
import { freePort, kill, startServer, stop, type ServerProcess } from './crash/server-process'
import { createTestEnv } from './harness'
import { PERMITTED } from './refunds-support'
import { startTestSimnet, type TestSimnet } from './simnet'
import { withScreening } from './withdraw-support'

let net: TestSimnet
let database: DatabaseHandle
let serverEnv: Record<string, string>
let terminal: TrpcClient
let lnNodeId: string
let paymentId: string
let server: ServerProcess | undefined

beforeAll(async () => {
  net = await startTestSimnet()
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const ext = await withScreening(net)
  const host = ext.nodeHost.kind === 'simnet' ? ext.nodeHost : { url: '', token: '' }
  serverEnv = {
    NODE_ENV: 'production',
    BITCOIN_NETWORK: 'regtest',
    APP_SECRET: randomBytes(36).toString('base64'),
    PUBLIC_URL: origin,
    HOST: '127.0.0.1',
    PORT: String(port),
    EXCHANGE_API_URL: ext.exchangeBaseUrl,
    NODE_HOST: 'simnet',
    NODE_HOST_URL: host.url,
    NODE_HOST_TOKEN: host.token,
    LSP_PUBKEY: ext.lspPubkey ?? '',
    SCREENING_API_URL: ext.screening?.url ?? '',
    SCREENING_API_KEY: ext.screening?.apiKey ?? '',
    AUTO_APPROVE_APPLICATIONS: 'true',
    DB_POOL_SIZE: '5',
  }
  const setup = await createTestEnv({ env: serverEnv, externals: ext })
  serverEnv.DATABASE_URL = setup.url
  try {
    await setup.services.bus.start()
    setup.services.watchers.start()
    const { b, businessId } = await ownNodeBusiness(setup, net)
    const endpoint = await setup.services.nodes.endpoint(businessId)
    lnNodeId = new URL(endpoint.restUrl).pathname.split('/').filter(Boolean).at(-1) ?? ''
    await b.caller.staff.create({
      businessId,
      name: 'Rita',
      language: 'en',
      permissions: PERMITTED,
      pin: '2468',
    })
    const { device, credentials } = await b.caller.devices.create({ businessId, name: 'Till' })
    const d = setup.browser()
    await d.caller.device.signIn(credentials)
    const rita = await d.caller.device.staffSignIn({ pin: '2468' })
    const business = { id: businessId, currency: 'GBP' }
    const view = await setup.services.payments.createLightning(business, {
      amount: { sat: 30_000 },
      memo: 'Lunch',
      origin: { deviceId: device.id, staffId: rita.id, orderReference: null },
    })
    await net.control('POST', '/pay', { invoice: view.paymentRequest })
    await until(
      () => setup.services.paymentRepo.find(businessId, view.id),
      (row) => row?.status === 'settled',
      'the payment to settle',
    )
    paymentId = view.id
    const dsid = d.cookies.get('dsid')
    if (!dsid) throw new Error('no device session cookie')
    terminal = trpcClient(origin, `dsid=${dsid}`)
  } finally {
    await setup.close()
  }
  database = connectDatabase(serverEnv.DATABASE_URL, 2)
}, 120_000)

afterAll(async () => {
  if (server) await kill(server)
  await database?.close()
  await net?.close()
})

interface Refund {
  id: string
  state: string
  lnurl: string | null
}

const refunds = async () =>
  (
    await sql<{ id: string; status: string; paid: string | null }>`SELECT r.id, r.status,
        w.status AS paid FROM refunds r LEFT JOIN withdrawals w
          ON w.idempotency_key = r.withdrawal_key::text
        WHERE r.payment_id = ${paymentId} ORDER BY r.created_at`.execute(database.db)
  ).rows

describe('a server killed while a refund is being paid', () => {
  it('pays it exactly once and ends refunded after the restart', async () => {
    server = startServer(serverEnv)
    await server.ready
    const node = net.simnet.world.lightning.node(lnNodeId)
    if (!node) throw new Error(`no simulated node ${lnNodeId}`)
    const key = randomUUID()
    const create = () =>
      terminal.mutate<Refund>('refunds.create', {
        paymentId,
        basis: 'sat',
        amount: 12_000,
        payout: { kind: 'lnurl' },
        idempotencyKey: key,
      })
    const refund = await create()
    const running = server
    let hash = ''
    const off = node.on('payment', (p) => {
      if (p.status === 'IN_FLIGHT') {
        hash = p.paymentHash
        running.child.kill('SIGKILL')
      }
    })
    // the wallet hears OK (LUD-03: paid after the answer); the server dies while paying
    await net.control('POST', '/lnurl-withdraw', { lnurl: refund.lnurl, wait: false })
    await server.exited
    off()
    expect((await refunds()).map((r) => [r.status, r.paid])).toEqual([['claimed', 'sending']])
    expect(net.simnet.world.payer.lookupInvoice(hash)?.state).toBe('SETTLED')

    server = startServer(serverEnv)
    await server.ready
    await until(refunds, (rs) => rs[0]?.paid === 'succeeded', 'the follow-up', 40_000)
    const again = await create()
    expect(again).toMatchObject({ id: refund.id, state: 'refunded' })
    expect(await refunds()).toHaveLength(1)
    expect(node.payments().filter((p) => p.paymentHash === hash)).toHaveLength(1)
    expect(net.simnet.world.payer.lookupInvoice(hash)?.amtPaidMsat).toBe(12_000_000)
  }, 90_000)

  it('pays a refund claimed but never sent, once', async () => {
    if (!server) throw new Error('no server')
    const invoice = net.simnet.world.payer.addInvoice({ valueMsat: 5_000_000, memo: 'refund' })
    // written as the callback writes it, the instance gone before it sent anything
    const row = await database.db
      .insertInto('refunds')
      .values({
        businessId: (
          await database.db
            .selectFrom('payments')
            .select('businessId')
            .where('id', '=', paymentId)
            .executeTakeFirstOrThrow()
        ).businessId,
        paymentId,
        basis: 'sat',
        amountSat: 5_000,
        fiatMinor: null,
        currency: 'GBP',
        payout: 'lnurl',
        destination: invoice.paymentRequest,
        status: 'claimed',
        k1Hash: randomBytes(32).toString('hex'),
        expiresAt: new Date(Date.now() + 60_000),
        claimedAt: new Date(Date.now() - 60_000),
        withdrawalKey: randomUUID(),
        idempotencyKey: randomUUID(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const paid = await until(
      refunds,
      (rs) => rs.find((r) => r.id === row.id)?.paid === 'succeeded',
      'the refunds follow-up',
      40_000,
    )
    expect(paid).toHaveLength(2)
    expect(net.simnet.world.payer.lookupInvoice(invoice.paymentHash)?.amtPaidMsat).toBe(5_000_000)
    await stop(server)
    server = undefined
  }, 60_000)
})
