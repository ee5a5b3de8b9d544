/**
 * Withdrawals from a business's own node (lnd on simnet): to an invoice with a fee limit, to a
 * Bitcoin address with a chosen priority, sweep all; once per idempotency key; screened against
 * the operator's denylist and the sanctions API (fail closed), every decision audited; a lost
 * reply left unknown and resolved later by the follow-up job; a locked node refused.
 */
import { createHash, randomUUID } from 'node:crypto'
import { lightningFeeLimitSat } from '@app/domain'
import { afterAll, describe, expect, it } from 'vitest'
import { runDenylistCommand } from '../src/modules/screening/cli'
import { followUpWithdrawals } from '../src/modules/withdrawals/jobs'
import { createWithdrawalRepo } from '../src/modules/withdrawals/repo'
import { createWalletForBusiness, lndClientFor } from '../src/wallets/factory'
import { LndWallet } from '../src/wallets/lnd/lnd-wallet'
import { appCode, rejection, until } from './assertions'
import { ownNodeBusiness } from './businesses'
import { nodeHost, scenario, type TestBrowser, type Scenario } from './harness'
import { ACCOUNT_PASSWORD, lossyProxy } from './withdraw-support'
import { DEMO_RELAY_POLICY } from '../src/wallets/nwc/relay-guard'

/** businesses whose wallet is reached through the lossy proxy */
const proxied = new Set<string>()
const t: Scenario = await scenario({
  simnet: true,
  screening: true,
  realtime: true,
  // the follow-up of unknown outcomes runs when a test calls it, never between two of its steps
  withdrawalJobs: { sweepMs: 3_600_000 },
  walletFactory: async (id) => {
    if (!proxied.has(id)) {
      return createWalletForBusiness(
        {
          connections: t.env.services.connections,
          nodes: t.env.services.nodes,
          relayPolicy: DEMO_RELAY_POLICY,
        },
        id,
      )
    }
    const node = await t.env.services.nodes.endpoint(id)
    const path = new URL(node.restUrl).pathname
    return new LndWallet(
      lndClientFor({
        restUrl: `${proxy.url}${path}`,
        tlsCertPem: null,
        macaroonHex: node.macaroonHex,
      }),
    )
  },
})
afterAll(t.close)
const { env, net } = t
const proxy = await lossyProxy(net.simnet.url)
afterAll(() => proxy.close())
const { b, businessId } = await ownNodeBusiness(env, net)

const payer = () => net.simnet.world.payer
const invoice = (sat: number) => payer().addInvoice({ valueMsat: sat * 1000, memo: 'refund' })
const confirm = (
  who: TestBrowser,
  id: string,
  quote: Record<string, unknown>,
  idempotencyKey = randomUUID(),
  password = ACCOUNT_PASSWORD,
) =>
  who.caller.withdrawals.confirm({
    businessId: id,
    quote: quote as { destination: string },
    idempotencyKey,
    password,
  })

async function fundOnchain(id: string, sat: number) {
  const wallet = await env.services.wallets.forBusiness(id)
  if (!wallet) throw new Error('no wallet')
  const address = await wallet.addresses!.newAddress()
  await net.control('POST', '/send', { address, amountSat: sat })
  await net.control('POST', '/mine', { blocks: 1 })
  await until(
    () => wallet.balance(),
    (bal) => bal.onchainSat >= sat,
    'on-chain funds',
  )
}

const receivedBy = (txid: string, address: string) =>
  (net.simnet.world.chain.getTx(txid)?.vout ?? [])
    .filter((o) => o.address === address)
    .reduce((s, o) => s + o.valueSat, 0)

describe('Lightning withdrawals from an own node', () => {
  it('quotes the fee limit, asks for the password, pays once per key and once per invoice', async () => {
    const inv = invoice(20_000)
    const quote = await b.caller.withdrawals.quote({
      businessId,
      quote: { destination: inv.paymentRequest },
    })
    expect(quote).toMatchObject({
      rail: 'lightning',
      amountSat: 20_000,
      feeLimitSat: lightningFeeLimitSat(20_000),
      totalSat: 20_000 + 200,
    })
    const wrong = await rejection(
      confirm(b, businessId, { destination: inv.paymentRequest }, randomUUID(), 'not it'),
    )
    expect(appCode(wrong)).toBe('WRONG_PASSWORD')
    expect(payer().lookupInvoice(inv.paymentHash)?.state).toBe('OPEN')

    const key = randomUUID()
    const [first, second] = await Promise.all([
      confirm(b, businessId, { destination: inv.paymentRequest }, key),
      confirm(b, businessId, { destination: inv.paymentRequest }, key),
    ]).catch(async () => {
      // the second click may have found the first one in flight: the first still pays once
      const row = await confirm(b, businessId, { destination: inv.paymentRequest }, key)
      return [row, row]
    })
    expect(first.id).toBe(second.id)
    const done = await until(
      () => confirm(b, businessId, { destination: inv.paymentRequest }, key),
      (w) => w.status === 'succeeded',
      'the withdrawal to succeed',
    )
    expect(done.id).toBe(first.id)
    expect(
      createHash('sha256')
        .update(Buffer.from(done.preimage ?? '', 'hex'))
        .digest('hex'),
    ).toBe(inv.paymentHash)
    expect(done.feeSat).not.toBeNull()
    expect(done.feeSat ?? 0).toBeLessThanOrEqual(lightningFeeLimitSat(20_000))
    expect(payer().lookupInvoice(inv.paymentHash)?.state).toBe('SETTLED')
    const rows = await env.database.db
      .selectFrom('withdrawals')
      .select('id')
      .where('paymentHash', '=', inv.paymentHash)
      .execute()
    expect(rows).toHaveLength(1)

    const again = await rejection(confirm(b, businessId, { destination: inv.paymentRequest }))
    expect(appCode(again)).toBe('WITHDRAW_INVOICE_ALREADY_PAID')
    const list = await b.caller.withdrawals.list({ businessId })
    expect(list[0]).toMatchObject({ id: done.id, status: 'succeeded', amountSat: 20_000 })
  })

  it('pays an invoice without an amount for the amount given, and refuses bad amounts', async () => {
    const open = payer().addInvoice({ valueMsat: 0, memo: 'any amount' })
    for (const [amountSat, code] of [
      [null, 'WITHDRAW_AMOUNT_REQUIRED'],
      [0, 'WITHDRAW_AMOUNT_REQUIRED'],
      [-5, 'WITHDRAW_AMOUNT_REQUIRED'],
      [1.5, 'WITHDRAW_INVALID_AMOUNT'],
      [200_000_000, 'WITHDRAW_INVALID_AMOUNT'],
      [5_000_000, 'WITHDRAW_INSUFFICIENT_FUNDS'],
    ] as const) {
      const e = await rejection(
        b.caller.withdrawals.quote({
          businessId,
          quote: { destination: open.paymentRequest, amountSat },
        }),
      )
      expect([amountSat, appCode(e)]).toEqual([amountSat, code])
    }
    const paid = await confirm(b, businessId, {
      destination: open.paymentRequest,
      amountSat: 1_234,
    })
    expect(paid).toMatchObject({ status: 'succeeded', amountSat: 1_234 })
    expect(payer().lookupInvoice(open.paymentHash)?.amtPaidMsat).toBe(1_234_000)
  })

  it('refuses invoices of another network and expired ones, sending nothing', async () => {
    const before = await env.database.db
      .selectFrom('withdrawals')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
    const mainnet =
      'lnbc2500u1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdq5xysxxatsyp3k7enxv4jsxqzpu9qrsgquk0rl77nj30yxdy8j9vdx85fkpmdla2087ne0xh8nhedh8w27kyke0lp53ut353s06fv3qfegext0eh0ymjpf39tuven09sam30g4vgpfna3rh'
    const e1 = await rejection(confirm(b, businessId, { destination: mainnet }))
    expect(appCode(e1)).toBe('WITHDRAW_WRONG_NETWORK')
    const expired = payer().addInvoice({ valueMsat: 1_000_000, memo: 'late', expirySec: 1 })
    await new Promise((r) => setTimeout(r, 2_100))
    const e2 = await rejection(confirm(b, businessId, { destination: expired.paymentRequest }))
    expect(appCode(e2)).toBe('WITHDRAW_INVOICE_EXPIRED')
    const e3 = await rejection(confirm(b, businessId, { destination: 'hello' }))
    expect(appCode(e3)).toBe('WITHDRAW_INVALID_DESTINATION')
    const after = await env.database.db
      .selectFrom('withdrawals')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
    expect(after.n).toBe(before.n)
    expect(payer().lookupInvoice(expired.paymentHash)?.state).not.toBe('SETTLED')
  })
})

describe('on-chain withdrawals from an own node', () => {
  it('offers low, medium and high with sat/vB, time and fee, and sends at the chosen one', async () => {
    await fundOnchain(businessId, 300_000)
    const to = net.simnet.world.chain.newAddress('payer')
    const quote = await b.caller.withdrawals.quote({
      businessId,
      quote: { destination: to, amountSat: 50_000, priority: 'high' },
    })
    expect(quote.rail).toBe('onchain')
    expect(quote.priorities.map((p) => p.priority)).toEqual(['low', 'medium', 'high'])
    const [low, medium, high] = quote.priorities
    expect(low!.satPerVbyte).toBeLessThanOrEqual(medium!.satPerVbyte)
    expect(medium!.satPerVbyte).toBeLessThanOrEqual(high!.satPerVbyte)
    expect(high!.minutes).toBeLessThan(low!.minutes)
    expect(high!.feeSat).toBeGreaterThan(0)
    expect(quote).toMatchObject({ amountSat: 50_000, satPerVbyte: high!.satPerVbyte })
    expect(quote.feeSat).toBe(high!.feeSat)

    const sent = await confirm(b, businessId, {
      destination: `bitcoin:${to}?amount=0.0005&label=Rent`,
      priority: 'high',
    })
    expect(sent).toMatchObject({ status: 'succeeded', rail: 'onchain', amountSat: 50_000 })
    expect(sent.txid).toMatch(/^[0-9a-f]{64}$/)
    expect(receivedBy(sent.txid ?? '', to)).toBe(50_000)
    expect(net.simnet.world.chain.getTx(sent.txid ?? '')?.feeSat).toBe(sent.feeSat)
    await net.control('POST', '/mine', { blocks: 1 })
  })

  it('takes a custom rate within bounds and refuses dust, 0 and absurd rates', async () => {
    const to = net.simnet.world.chain.newAddress('payer')
    for (const [quote, code] of [
      [{ amountSat: 100, priority: 'medium' }, 'WITHDRAW_BELOW_DUST'],
      [{ amountSat: 10_000, priority: 'custom', feeRate: 0 }, 'WITHDRAW_FEE_RATE_INVALID'],
      [{ amountSat: 10_000, priority: 'custom', feeRate: 50_000 }, 'WITHDRAW_FEE_RATE_INVALID'],
      [{ amountSat: 10_000, priority: 'custom', feeRate: 2.5 }, 'WITHDRAW_FEE_RATE_INVALID'],
      [{ amountSat: 10_000_000, priority: 'medium' }, 'WITHDRAW_INSUFFICIENT_FUNDS'],
    ] as const) {
      const e = await rejection(
        b.caller.withdrawals.quote({ businessId, quote: { destination: to, ...quote } }),
      )
      expect([quote, appCode(e)]).toEqual([quote, code])
    }
    const custom = await b.caller.withdrawals.quote({
      businessId,
      quote: { destination: to, amountSat: 10_000, priority: 'custom', feeRate: 7 },
    })
    expect(custom.satPerVbyte).toBe(7)
    const testnet = await rejection(
      b.caller.withdrawals.quote({
        businessId,
        quote: { destination: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', amountSat: 10_000 },
      }),
    )
    expect(appCode(testnet)).toBe('WITHDRAW_WRONG_NETWORK')
    // a payment link the web refuses, the server refuses with the same reason
    for (const [uri, code] of [
      [`bitcoin:${to}?amount=0.000000001`, 'WITHDRAW_URI_AMOUNT_TOO_PRECISE'],
      [`bitcoin:${to}?amount=0.0001&req-somethingnew=1`, 'WITHDRAW_URI_UNSUPPORTED_REQUIREMENT'],
    ] as const) {
      const e = await rejection(
        b.caller.withdrawals.quote({ businessId, quote: { destination: uri } }),
      )
      expect([uri, appCode(e)]).toEqual([uri, code])
    }
    const flipped = to.slice(0, -1) + (to.endsWith('q') ? 'p' : 'q')
    const bad = await rejection(
      b.caller.withdrawals.quote({
        businessId,
        quote: { destination: flipped, amountSat: 10_000 },
      }),
    )
    expect(appCode(bad)).toBe('WITHDRAW_INVALID_ADDRESS')
  })

  it('sweeps everything less the fee and the anchor reserve, as quoted', async () => {
    const to = net.simnet.world.chain.newAddress('payer')
    const wallet = await env.services.wallets.forBusiness(businessId)
    const before = (await wallet!.balance()).onchainSat
    const quote = await b.caller.withdrawals.quote({
      businessId,
      quote: { destination: to, sweepAll: true, priority: 'low' },
    })
    expect(quote.sweepAll).toBe(true)
    expect(quote.amountSat).toBe(before - quote.feeSat - quote.reserveSat)
    const sent = await confirm(b, businessId, {
      destination: to,
      sweepAll: true,
      priority: 'low',
    })
    expect(sent.status).toBe('succeeded')
    expect(receivedBy(sent.txid ?? '', to)).toBe(quote.amountSat)
    await net.control('POST', '/mine', { blocks: 1 })
    // lnd's anchor reserve stays on chain (with what coin selection left beside it)
    const left = await until(
      () => wallet!.balance(),
      (bal) => bal.onchainSat < before,
      'the sweep to confirm',
    )
    expect(left.onchainSat).toBeGreaterThanOrEqual(quote.reserveSat)
    expect(left.onchainSat).toBeLessThan(quote.reserveSat + quote.feeSat + 1_000)
  })
})

describe('screening', () => {
  const decisions = (address: string) =>
    env.database.db
      .selectFrom('screeningDecisions')
      .select(['list', 'outcome', 'stage', 'userId', 'businessId', 'detail'])
      .where('address', '=', address)
      .orderBy('id')
      .execute()

  it('refuses an address on the operator denylist with the reason, and audits it', async () => {
    const to = net.simnet.world.chain.newAddress('payer')
    const out: string[] = []
    const io = { log: (s: string) => out.push(s), error: (s: string) => out.push(s) }
    expect(
      await runDenylistCommand(
        env.database.db,
        ['deny-address', to, '--reason', 'Fraud case 12'],
        io,
      ),
    ).toBe(0)
    expect(await runDenylistCommand(env.database.db, ['list'], io)).toBe(0)
    expect(out.join('\n')).toContain(`${to}\tFraud case 12`)
    const refused = await rejection(
      confirm(b, businessId, { destination: to.toUpperCase(), amountSat: 10_000 }),
    )
    expect(appCode(refused)).toBe('WITHDRAW_DENYLISTED')
    expect(refused.cause).toMatchObject({ details: { reason: 'Fraud case 12' } })
    expect(await decisions(to)).toEqual([
      expect.objectContaining({ list: 'denylist', outcome: 'denied', stage: 'send', businessId }),
    ])
    expect(await runDenylistCommand(env.database.db, ['allow-address', to], io)).toBe(0)
    await fundOnchain(businessId, 50_000)
    const ok = await b.caller.withdrawals.quote({
      businessId,
      quote: { destination: to, amountSat: 10_000 },
    })
    expect(ok.rail).toBe('onchain')
  })

  it('refuses an address the sanctions API flags, and fails closed when it is down', async () => {
    const to = net.simnet.world.chain.newAddress('payer')
    await net.control('POST', '/screening/flag', { address: to })
    const flagged = await rejection(
      b.caller.withdrawals.quote({ businessId, quote: { destination: to, amountSat: 10_000 } }),
    )
    expect(appCode(flagged)).toBe('WITHDRAW_FLAGGED')
    const other = net.simnet.world.chain.newAddress('payer')
    await net.control('POST', '/screening/outage', { down: true })
    try {
      const down = await rejection(
        b.caller.withdrawals.quote({
          businessId,
          quote: { destination: other, amountSat: 10_000 },
        }),
      )
      expect(appCode(down)).toBe('WITHDRAW_SCREENING_UNAVAILABLE')
    } finally {
      await net.control('POST', '/screening/outage', { down: false })
    }
    expect((await decisions(to)).map((d) => [d.list, d.outcome])).toEqual([
      ['denylist', 'allowed'],
      ['provider', 'flagged'],
    ])
    expect((await decisions(other)).map((d) => [d.list, d.outcome])).toEqual([
      ['denylist', 'allowed'],
      ['provider', 'unavailable'],
    ])
    const rows = await env.database.db
      .selectFrom('withdrawals')
      .select('id')
      .where('address', 'in', [to, other])
      .execute()
    expect(rows).toEqual([])
  })
})

describe('an outcome not known at once', () => {
  it('stays unknown when the reply is lost, blocks other sends, and the job resolves it', async () => {
    proxied.add(businessId)
    env.services.wallets.invalidate(businessId)
    proxy.dropReplies = /\/v2\/router\/send/
    try {
      const inv = invoice(3_000)
      const sent = await confirm(b, businessId, { destination: inv.paymentRequest })
      expect(sent.status).toBe('unknown')
      // it was paid all the same
      expect(payer().lookupInvoice(inv.paymentHash)?.state).toBe('SETTLED')
      const busy = await rejection(
        confirm(b, businessId, { destination: invoice(1_000).paymentRequest }),
      )
      expect(appCode(busy)).toBe('WITHDRAW_IN_PROGRESS')

      await followUpWithdrawals({
        repo: createWithdrawalRepo(env.database.db),
        service: env.services.withdrawals,
      })
      const list = await b.caller.withdrawals.list({ businessId })
      const row = list.find((w) => w.id === sent.id)
      expect(row).toMatchObject({ status: 'succeeded' })
      expect(
        createHash('sha256')
          .update(Buffer.from(row?.preimage ?? '', 'hex'))
          .digest('hex'),
      ).toBe(inv.paymentHash)
      expect(payer().lookupInvoice(inv.paymentHash)?.amtPaidMsat).toBe(3_000_000)
    } finally {
      proxy.dropReplies = null
      proxied.delete(businessId)
      env.services.wallets.invalidate(businessId)
    }
  })
})

describe('a locked node', () => {
  it('is not ready: nothing is quoted or sent', async () => {
    const settings = await env.services.nodes.settings(businessId)
    if (!settings.exists) throw new Error('no node')
    await nodeHost(net, settings.hostNodeId, 'restart')
    env.services.wallets.invalidate(businessId)
    const inv = invoice(1_000)
    const e = await until(
      () => rejection(confirm(b, businessId, { destination: inv.paymentRequest })).then(appCode),
      (code) => code === 'NODE_NOT_READY',
      'the node to be locked',
    )
    expect(e).toBe('NODE_NOT_READY')
    expect(payer().lookupInvoice(inv.paymentHash)?.state).toBe('OPEN')
    const rows = await env.database.db
      .selectFrom('withdrawals')
      .select('id')
      .where('paymentHash', '=', inv.paymentHash)
      .execute()
    expect(rows).toEqual([])
  })
})
