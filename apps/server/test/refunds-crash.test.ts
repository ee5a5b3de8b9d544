/**
 * A refund survives a SIGKILL of the server while it is being paid: the customer's wallet claims
 * the LNURL-withdraw, the server (a child process) is killed the moment its node starts the
 * payment (the simulated network completes it meanwhile), and after a restart the withdrawal's
 * follow-up at start-up makes the refund refunded within 10 s: paid exactly once, and a retry
 * of the same refund (same key) pays nothing again. A refund claimed but never sent (the
 * instance stopped right after the claim) is paid by the refunds' follow-up, once.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { until } from './assertions'
import { ownNodeBusiness } from './businesses'
import { trpcClient, type TrpcClient } from './crash/client'
import { crashServer, type CrashServer } from './crash/server-process'
import { lnurlRefund } from './refunds-support'
import { withTerminal } from './terminal-fixture'
import { scenario } from './harness'
import { withScreening } from './withdraw-support'

const t = await scenario({ simnet: true })
afterAll(t.close)
const { net } = t
let server: CrashServer
let terminal: TrpcClient
let lnNodeId: string
let paymentId: string

beforeAll(async () => {
  server = await crashServer(net, {
    externals: await withScreening(net),
    async prepare(setup, origin) {
      await setup.services.bus.start()
      setup.services.watchers.start()
      const shop = await withTerminal({ env: setup, net }, await ownNodeBusiness(setup, net))
      const endpoint = await setup.services.nodes.endpoint(shop.businessId)
      lnNodeId = new URL(endpoint.restUrl).pathname.split('/').filter(Boolean).at(-1) ?? ''
      paymentId = (await shop.paid({ sat: 30_000 })).id
      const dsid = shop.d.cookies.get('dsid')
      if (!dsid) throw new Error('no device session cookie')
      terminal = trpcClient(origin, `dsid=${dsid}`)
    },
  })
}, 120_000)

afterAll(async () => {
  await server?.close()
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
        WHERE r.payment_id = ${paymentId} ORDER BY r.created_at`.execute(server.database.db)
  ).rows

describe('a server killed while a refund is being paid', () => {
  it('pays it exactly once and ends refunded after the restart', async () => {
    const running = await server.start()
    const node = net.simnet.world.lightning.node(lnNodeId)
    if (!node) throw new Error(`no simulated node ${lnNodeId}`)
    const key = randomUUID()
    const create = () =>
      terminal.mutate<Refund>('refunds.create', lnurlRefund(paymentId, 12_000, key))
    const refund = await create()
    let hash = ''
    const off = node.on('payment', (p) => {
      if (p.status === 'IN_FLIGHT') {
        hash = p.paymentHash
        running.child.kill('SIGKILL')
      }
    })
    // the wallet hears OK (LUD-03: paid after the answer); the server dies while paying
    await net.control('POST', '/lnurl-withdraw', { lnurl: refund.lnurl, wait: false })
    await running.exited
    off()
    expect((await refunds()).map((r) => [r.status, r.paid])).toEqual([['claimed', 'sending']])
    expect(net.simnet.world.payer.lookupInvoice(hash)?.state).toBe('SETTLED')

    await server.start()
    // the wallet is asked at start-up: the outcome is known within 10 s of the restart
    await until(refunds, (rs) => rs[0]?.paid === 'succeeded', 'the follow-up', 10_000)
    const again = await create()
    expect(again).toMatchObject({ id: refund.id, state: 'refunded' })
    expect(await refunds()).toHaveLength(1)
    expect(node.payments().filter((p) => p.paymentHash === hash)).toHaveLength(1)
    expect(net.simnet.world.payer.lookupInvoice(hash)?.amtPaidMsat).toBe(12_000_000)
  }, 150_000)

  it('pays a refund claimed but never sent, once', async () => {
    if (!server.current()) throw new Error('no server')
    const invoice = net.simnet.world.payer.addInvoice({ valueMsat: 5_000_000, memo: 'refund' })
    // written as the callback writes it, the instance gone before it sent anything
    const row = await server.database.db
      .insertInto('refunds')
      .values({
        businessId: (
          await server.database.db
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
    await server.stop()
  })
})
