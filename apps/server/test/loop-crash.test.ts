/**
 * A Loop swap survives a SIGKILL of the server between loopd starting it and the server hearing
 * so: the real server runs as a child process and is killed the moment the node pays the swap's
 * prepay (inside loopd's answer to the request). After a restart the row left `pending` is asked
 * of loopd at start-up: it carries loopd's swap within 10 s, loopd ran one swap, and a retry of
 * the same idempotency key starts nothing.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { until } from './assertions'
import { ownNodeBusiness, paidLightning } from './businesses'
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
      const node = await ownNodeBusiness(setup, net, 1_000_000)
      // balance on the node's side of the channel, for the swap to pay
      await paidLightning(node, net, 300_000)
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

describe('a server killed while a loop out is being started', () => {
  it('starts the swap once and knows it after the restart', async () => {
    const running = await server.start()
    const node = net.simnet.world.lightning.node(lnNodeId)
    if (!node) throw new Error(`no simulated node ${lnNodeId}`)
    const paymentsBefore = node.payments().length
    const { terms } = await till.query<{ terms: { minSat: number } }>('loop.overview', {
      businessId,
    })
    const amountSat = terms.minSat
    const quote = await till.mutate<Record<string, number>>('loop.quote', { businessId, amountSat })
    // loopd has the swap and the node pays its prepay: the server dies before it hears back
    const off = node.on('payment', (p) => {
      if (p.status === 'IN_FLIGHT') running.child.kill('SIGKILL')
    })
    const idempotencyKey = randomUUID()
    const swapOut = () =>
      till.mutate<{ id: string; status: string }>('loop.swapOut', {
        businessId,
        amountSat,
        idempotencyKey,
        quote,
        password: ACCOUNT_PASSWORD,
      })
    await expect(swapOut()).rejects.toThrow()
    off()
    await running.exited
    const rows = () =>
      server.database.db
        .selectFrom('loopSwaps')
        .select(['id', 'status', 'swapId'])
        .where('businessId', '=', businessId)
        .execute()
    expect((await rows()).map((r) => [r.status, r.swapId])).toEqual([['pending', null]])

    await server.start()
    // loopd is asked at start-up: the swap is known within 10 s of the restart
    const [row] = await until(
      rows,
      (rs) => rs.length === 1 && rs[0]?.swapId != null && rs[0].status !== 'pending',
      'the follow-up',
      10_000,
    )
    // the same click again: the same swap, nothing asked of loopd
    const again = await swapOut()
    expect(again.id).toBe(row?.id)
    expect(await rows()).toHaveLength(1)
    // one swap: its prepay and its invoice, each paid once (loopd pays them one after the other)
    const paid = await until(
      () => Promise.resolve(node.payments().slice(paymentsBefore)),
      (ps) => ps.length >= 2,
      "the swap's two payments",
    )
    expect(paid).toHaveLength(2)
    expect(new Set(paid.map((p) => p.paymentHash)).size).toBe(2)
    await server.stop()
  }, 90_000)
})
