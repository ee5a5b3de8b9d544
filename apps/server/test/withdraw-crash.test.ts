/**
 * A withdrawal survives a SIGKILL of the server between "sending" and the wallet's answer: the
 * real server runs as a child process and is killed the moment its node starts the payment
 * (the simulated network, in this process, completes it while the server is down). After a
 * restart the row left `sending` is asked of the wallet at start-up: final within 10 s, paid
 * exactly once, and a retry of the same idempotency key sends nothing again.
 */
import { createHash, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { until } from './assertions'
import { ownNodeBusiness } from './businesses'
import { trpcClient, type TrpcClient } from './crash/client'
import { crashServer, type CrashServer } from './crash/server-process'
import { scenario } from './harness'
import { ACCOUNT_PASSWORD, withScreening } from './withdraw-support'

const t = await scenario({ simnet: true })
afterAll(t.close)
const { net } = t
let server: CrashServer
let till: TrpcClient
let businessId: string
let lnNodeId: string

beforeAll(async () => {
  server = await crashServer(net, {
    externals: await withScreening(net),
    async prepare(setup, origin) {
      const node = await ownNodeBusiness(setup, net)
      businessId = node.businessId
      const endpoint = await setup.services.nodes.endpoint(businessId)
      lnNodeId = new URL(endpoint.restUrl).pathname.split('/').filter(Boolean).at(-1) ?? ''
      const sid = node.b.cookies.get('sid')
      if (!sid) throw new Error('no session cookie')
      till = trpcClient(origin, `sid=${sid}`)
    },
  })
}, 120_000)

afterAll(async () => {
  await server?.close()
})

describe('a server killed while a withdrawal is being sent', () => {
  it('pays exactly once and ends final after the restart', async () => {
    const running = await server.start()
    const node = net.simnet.world.lightning.node(lnNodeId)
    if (!node) throw new Error(`no simulated node ${lnNodeId}`)
    const invoice = net.simnet.world.payer.addInvoice({ valueMsat: 25_000_000, memo: 'payout' })
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
    await running.exited
    const rows = () =>
      server.database.db
        .selectFrom('withdrawals')
        .select(['id', 'status', 'preimage'])
        .where('businessId', '=', businessId)
        .execute()
    expect((await rows()).map((r) => r.status)).toEqual(['sending'])
    expect(net.simnet.world.payer.lookupInvoice(invoice.paymentHash)?.state).toBe('SETTLED')

    await server.start()
    // the wallet is asked at start-up: the outcome is known within 10 s of the restart
    const [row] = await until(rows, (rs) => rs[0]?.status === 'succeeded', 'the follow-up', 10_000)
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
    await server.stop()
  }, 90_000)
})
