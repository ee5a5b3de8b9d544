/**
 * An NWC wallet that answers late and cannot look up outgoing payments (simnet's switch): a
 * payout whose answer never came is unknown, not failed, and its refund keeps its amount
 * reserved. It is failed only once its request has expired (the wallet then drops it) and the
 * wallet's own records show no payment; a payout the wallet picked up late but in time is found
 * in those records and counts as paid. Either way one payout only. The server's clock for NWC
 * requests is the test's.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { createWalletForBusiness } from '../src/wallets/factory'
import { PAY_REQUEST_TTL_SEC, WALLET_CLOCK_SKEW_SEC } from '../src/wallets/nwc/nwc-send'
import { appCode, rejection, until } from './assertions'
import { approvedBusiness } from './businesses'
import { scenario } from './harness'
import { claim, lnurlRefund, SHOP_SERVER } from './refunds-support'
import { withTerminal } from './terminal-fixture'
import { DEMO_RELAY_POLICY } from '../src/wallets/nwc/relay-guard'

/** The server's clock for NWC payout requests: real time, moved forward when the test says. */
const clock = { aheadMs: 0, now: () => Date.now() + clock.aheadMs }
/** past a request's expiration, and the room left for the wallet's clock */
const PAST_EXPIRY_MS = (PAY_REQUEST_TTL_SEC + WALLET_CLOCK_SKEW_SEC + 5) * 1000

const t = await scenario({
  ...SHOP_SERVER,
  walletFactory: (businessId) =>
    createWalletForBusiness(
      {
        connections: t.env.services.connections,
        nodes: t.env.services.nodes,
        relayPolicy: DEMO_RELAY_POLICY,
        options: {
          nwc: { now: clock.now, payTimeoutMs: 5_000 },
        },
      },
      businessId,
    ),
})
afterAll(t.close)
const { env, net } = t

/** A shop on its own simnet NWC wallet, a terminal signed in, and a payment of 20 000 sat. */
async function shop() {
  const owner = await approvedBusiness(env)
  const connection = await net.control<{ uri: string; walletPubkey: string; nodeId: string }>(
    'POST',
    '/nwc/connections',
    { name: 'till' },
  )
  await owner.b.caller.onboarding.connectNwc({ businessId: owner.businessId, url: connection.uri })
  const till = await withTerminal({ env, net }, owner)
  const payment = await till.paid({ sat: 20_000 })
  const wallet = (behaviour: Record<string, unknown>) =>
    net.control('POST', `/nwc/connections/${connection.walletPubkey}/behaviour`, behaviour)
  const node = net.simnet.world.lightning.node(connection.nodeId)
  if (!node) throw new Error('no wallet node')
  return { ...till, payment, wallet, node }
}

/** The withdrawal paying a refund (under the refund's own key), once it is written. */
async function withdrawalOf(refundId: string) {
  const { withdrawalKey } = await env.database.db
    .selectFrom('refunds')
    .select('withdrawalKey')
    .where('id', '=', refundId)
    .executeTakeFirstOrThrow()
  return env.database.db
    .selectFrom('withdrawals')
    .selectAll()
    .where('idempotencyKey', '=', withdrawalKey)
    .executeTakeFirst()
}

describe('an NWC wallet that answers late and cannot look up outgoing payments', () => {
  it('pays one payout only, and the refund stays reserved while its outcome is unknown', async () => {
    clock.aheadMs = 0
    const s = await shop()
    // picks requests up two minutes late: the payout request has expired by then
    await s.wallet({ lateSec: 120, lookupOutgoing: false })
    const first = await s.d.caller.refunds.create(lnurlRefund(s.payment.id, 15_000))
    const claimed = await claim(t, first.lnurl ?? '', false)
    const row = await until(
      async () => (await s.d.caller.refunds.get({ refundId: first.id })).state,
      (state) => state === 'sending',
      'the payout to be sent',
    )
    expect(row).toBe('sending')
    await until(
      () => withdrawalOf(first.id),
      (w) => w?.status === 'unknown',
      'no answer to the payout',
    )
    // looked up by the follow-up more than once (NOT_FOUND): still unknown, still reserved
    const touched = (await withdrawalOf(first.id))?.updatedAt.getTime() ?? 0
    await until(
      () => withdrawalOf(first.id),
      (w) => (w?.updatedAt.getTime() ?? 0) > touched,
      'the follow-up to look again',
    )
    expect((await withdrawalOf(first.id))?.status).toBe('unknown')
    expect((await s.d.caller.refunds.get({ refundId: first.id })).state).toBe('sending')
    const second = await rejection(
      s.d.caller.refunds.create(lnurlRefund(s.payment.id, 10_000, randomUUID())),
    )
    expect(appCode(second)).toBe('REFUND_EXCEEDS_REMAINING')

    // the request has expired and the wallet's records hold no such payment: nothing went out
    await s.wallet({ lateSec: 0 })
    clock.aheadMs = PAST_EXPIRY_MS
    await until(
      async () => (await s.d.caller.refunds.get({ refundId: first.id })).state,
      (state) => state === 'failed',
      'the payout to be proven unpaid',
    )
    expect(net.simnet.world.payer.lookupInvoice(claimed.paymentHash)?.state).not.toBe('SETTLED')
    expect(s.node.payments()).toHaveLength(0)

    // the amount is free again: a second refund is paid, once
    clock.aheadMs = 0
    await s.wallet({ lookupOutgoing: true })
    const again = await s.d.caller.refunds.create(lnurlRefund(s.payment.id, 15_000))
    const paid = await claim(t, again.lnurl ?? '')
    await until(
      async () => (await s.d.caller.refunds.get({ refundId: again.id })).state,
      (state) => state === 'refunded',
      'the second refund to be paid',
    )
    expect(net.simnet.world.payer.lookupInvoice(paid.paymentHash)?.amtPaidMsat).toBe(15_000_000)
    expect(s.node.payments().map((p) => p.paymentHash)).toEqual([paid.paymentHash])
  })

  it('finds a payout picked up late but in time in the wallet records: paid, once', async () => {
    clock.aheadMs = 0
    const s = await shop()
    const refund = await s.d.caller.refunds.create(lnurlRefund(s.payment.id, 12_000))
    // the wallet holds payments unanswered
    await s.wallet({ holdPayments: true, lookupOutgoing: false })
    const claimed = await claim(t, refund.lnurl ?? '', false)
    await until(
      () => withdrawalOf(refund.id),
      (w) => w?.status === 'unknown',
      'no answer to the payout',
    )
    // picked up now, before the request expires: paid
    await s.wallet({ holdPayments: false })
    await until(
      () => Promise.resolve(net.simnet.world.payer.lookupInvoice(claimed.paymentHash)?.state),
      (state) => state === 'SETTLED',
      'the late payment',
    )
    // the wallet cannot look it up: unknown, and the refund's amount still reserved
    const touched = (await withdrawalOf(refund.id))?.updatedAt.getTime() ?? 0
    await until(
      () => withdrawalOf(refund.id),
      (w) => (w?.updatedAt.getTime() ?? 0) > touched,
      'the follow-up to look again',
    )
    expect((await withdrawalOf(refund.id))?.status).toBe('unknown')
    const more = await rejection(
      s.d.caller.refunds.create(lnurlRefund(s.payment.id, 10_000, randomUUID())),
    )
    expect(appCode(more)).toBe('REFUND_EXCEEDS_REMAINING')

    // past the expiration, the wallet's records show the payment
    clock.aheadMs = PAST_EXPIRY_MS
    await until(
      async () => (await s.d.caller.refunds.get({ refundId: refund.id })).state,
      (state) => state === 'refunded',
      'the payout found in the wallet records',
    )
    expect((await withdrawalOf(refund.id))?.preimage).toMatch(/^[0-9a-f]{64}$/)
    expect(s.node.payments().map((p) => p.paymentHash)).toEqual([claimed.paymentHash])
    expect(net.simnet.world.payer.lookupInvoice(claimed.paymentHash)?.amtPaidMsat).toBe(12_000_000)
  })
})
