/**
 * A withdrawal survives a SIGKILL of the server between "sending" and the wallet's answer: the
 * real server runs as a child process and is killed the moment its node starts the payment
 * (the simulated network, in this process, completes it while the server is down). After a
 * restart the row left `sending` is followed up by the job: paid exactly once, final, and a
 * retry of the same idempotency key sends nothing again.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectDatabase, type DatabaseHandle } from '../src/db/database'
import { until } from './assertions'
import { ownNodeBusiness } from './businesses'
import { trpcClient, type TrpcClient } from './crash/client'
import { freePort, kill, startServer, stop, type ServerProcess } from './crash/server-process'
import { createTestEnv } from './harness'
import { startTestSimnet, type TestSimnet } from './simnet'
import { ACCOUNT_PASSWORD, withScreening } from './withdraw-support'

let net: TestSimnet
let database: DatabaseHandle
let serverEnv: Record<string, string>
let till: TrpcClient
let businessId: string
let lnNodeId: string
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
    const node = await ownNodeBusiness(setup, net)
    businessId = node.businessId
    const endpoint = await setup.services.nodes.endpoint(businessId)
    lnNodeId = new URL(endpoint.restUrl).pathname.split('/').filter(Boolean).at(-1) ?? ''
    const sid = node.b.cookies.get('sid')
    if (!sid) throw new Error('no session cookie')
    till = trpcClient(origin, `sid=${sid}`)
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

describe('a server killed while a withdrawal is being sent', () => {
  it('pays exactly once and ends final after the restart', async () => {
    server = startServer(serverEnv)
    await server.ready
    const node = net.simnet.world.lightning.node(lnNodeId)
    if (!node) throw new Error(`no simulated node ${lnNodeId}`)
    const invoice = net.simnet.world.payer.addInvoice({ valueMsat: 25_000_000, memo: 'payout' })
    const running = server
    // the node has the payment in flight: the server dies before it hears the outcome
    const off = node.on('payment', (p) => {
      if (p.paymentHash === invoice.paymentHash && p.status === 'IN_FLIGHT') {
        running.child.kill('SIGKILL')
      }
    })
    const idempotencyKey = randomUUID()
    const confirm = () =>
      till.mutate<{ id: string; status: string; preimage: string | null }>('withdrawals.confirm', {
        businessId,
        quote: { destination: invoice.paymentRequest },
        idempotencyKey,
        password: ACCOUNT_PASSWORD,
      })
    await expect(confirm()).rejects.toThrow()
    off()
    await server.exited
    const rows = () =>
      database.db
        .selectFrom('withdrawals')
        .select(['id', 'status', 'preimage'])
        .where('businessId', '=', businessId)
        .execute()
    expect((await rows()).map((r) => r.status)).toEqual(['sending'])
    expect(net.simnet.world.payer.lookupInvoice(invoice.paymentHash)?.state).toBe('SETTLED')

    server = startServer(serverEnv)
    await server.ready
    const [row] = await until(rows, (rs) => rs[0]?.status === 'succeeded', 'the follow-up', 40_000)
    expect(
      createHash('sha256')
        .update(Buffer.from(row?.preimage ?? '', 'hex'))
        .digest('hex'),
    ).toBe(invoice.paymentHash)
    // the same click again: the same withdrawal, nothing sent
    const again = await confirm()
    expect(again).toMatchObject({ id: row?.id, status: 'succeeded' })
    expect(await rows()).toHaveLength(1)
    expect(node.payments().filter((p) => p.paymentHash === invoice.paymentHash)).toHaveLength(1)
    expect(net.simnet.world.payer.lookupInvoice(invoice.paymentHash)?.amtPaidMsat).toBe(25_000_000)
    await stop(server)
    server = undefined
  }, 90_000)
})
