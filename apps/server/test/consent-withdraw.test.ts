/**
 * Withdrawals and refunds through the consent policy, and what a refused confirmation leaves:
 * nothing. Insufficient funds or another payout in flight write no failed row; overlapping
 * payouts each pay once and the loser's key gets a fresh attempt; an on-chain fee above the one
 * quoted asks for a new confirmation; the password given once stands for a few minutes; the
 * operator's limits hold for refunds too; each decision is audited.
 */
import type { TRPCError } from '@trpc/server'
import { randomUUID } from 'node:crypto'
import { STEP_UP_VALID_SEC } from '@app/domain'
import { afterAll, describe, expect, it } from 'vitest'
import { DomainError } from '../src/lib/errors'
import { createWithdrawalRepo } from '../src/modules/withdrawals/repo'
import { appCode, rejection, until } from './assertions'
import { paidLightning } from './businesses'
import { decisions, payoutLimits, testClock } from './consent-support'
import { scenario } from './harness'
import { ACCOUNT_PASSWORD } from './withdraw-support'

const clock = testClock()
const t = await scenario({
  simnet: true,
  screening: true,
  business: 'own-node-with-channel',
  depositSat: 1_000_000,
  clock: clock.now,
})
afterAll(t.close)
const { env, net } = t
const { b, businessId } = t.owner

const payer = () => net.simnet.world.payer
const invoice = (sat: number) => payer().addInvoice({ valueMsat: sat * 1000, memo: 'out' })
const rows = async () =>
  (
    await env.database.db
      .selectFrom('withdrawals')
      .select('id')
      .where('businessId', '=', businessId)
      .execute()
  ).length
const confirm = (quote: { destination: string; amountSat?: number }, extra = {}) =>
  b.caller.withdrawals.confirm({ businessId, quote, idempotencyKey: randomUUID(), ...extra })

const receive = (sat: number) => paidLightning(t.owner, net, sat)

describe('a withdrawal refused for the moment', () => {
  it('writes no failed row for insufficient funds or another payout in flight', async () => {
    const before = await rows()
    const poor = await rejection(
      confirm({ destination: invoice(5_000_000).paymentRequest }, { password: ACCOUNT_PASSWORD }),
    )
    expect(appCode(poor)).toBe('WITHDRAW_INSUFFICIENT_FUNDS')
    expect(await rows()).toBe(before)

    // a payout of the business still being sent
    const repo = createWithdrawalRepo(env.database.db)
    const held = invoice(1_000)
    const busy = await repo.insertClaimed({
      businessId,
      userId: null,
      walletKind: 'lnd',
      rail: 'lightning',
      destinationType: 'bolt11',
      destination: held.paymentRequest,
      address: null,
      paymentRequest: held.paymentRequest,
      paymentHash: held.paymentHash,
      exchangeKey: null,
      feeLimitSat: 10,
      feeRateSatVb: null,
      sweepAll: false,
      amountSat: 1_000,
      idempotencyKey: randomUUID(),
    })
    if (busy.outcome !== 'claimed') throw new Error('the held payout was not written')
    const inFlight = await rejection(
      confirm({ destination: invoice(1_000).paymentRequest }, { password: ACCOUNT_PASSWORD }),
    )
    expect(appCode(inFlight)).toBe('WITHDRAW_IN_PROGRESS')
    expect(await rows()).toBe(before + 1)
    await repo.finish(busy.row.id, { status: 'failed', failureReason: 'WITHDRAW_NOT_SENT' })
  })
})

describe('overlapping payouts', () => {
  it('pay each invoice once; the loser writes nothing and its key gets a fresh attempt', async () => {
    await receive(200_000)
    const refundInvoices = [invoice(2_000), invoice(3_000)]
    const owner = invoice(4_000)
    await b.caller.consent.stepUp({ password: ACCOUNT_PASSWORD })
    const refundKeys = [randomUUID(), randomUUID()]
    const refund = (i: number) =>
      env.services.withdrawals.send(
        { businessId, userId: null },
        {
          quote: { destination: refundInvoices[i]!.paymentRequest },
          idempotencyKey: refundKeys[i]!,
        },
      )
    const raced = await Promise.allSettled([
      refund(0),
      refund(1),
      confirm({ destination: owner.paymentRequest }),
    ])
    const lost = raced.filter((r) => r.status === 'rejected')
    for (const r of lost) {
      const e: unknown = r.reason
      expect(e instanceof DomainError ? e.code : appCode(e as TRPCError)).toBe(
        'WITHDRAW_IN_PROGRESS',
      )
    }
    expect(lost.length).toBeGreaterThan(0)
    // retried until each refund is paid; the owner's withdrawal was paid or refused, never twice
    for (const i of [0, 1]) {
      const paid = await until(
        () => refund(i).catch(() => null),
        (w) => w?.status === 'succeeded',
        `refund ${i} to be paid`,
      )
      expect(paid?.amountSat).toBe(i === 0 ? 2_000 : 3_000)
    }
    for (const inv of refundInvoices) {
      expect(payer().lookupInvoice(inv.paymentHash)?.amtPaidMsat).toBe(
        payer().lookupInvoice(inv.paymentHash)?.valueMsat,
      )
    }
    const list = await b.caller.withdrawals.list({ businessId })
    for (const inv of [...refundInvoices, owner]) {
      const forIt = list.filter((w) => w.destination === inv.paymentRequest)
      expect(forIt.filter((w) => w.status === 'succeeded').length).toBeLessThanOrEqual(1)
      expect(forIt.filter((w) => w.status === 'failed')).toEqual([])
    }
  })
})

describe('an on-chain fee risen since the quote', () => {
  it('asks for a new confirmation with the new fee, and sends nothing', async () => {
    const wallet = await env.services.wallets.forBusiness(businessId)
    const address = await wallet!.addresses!.newAddress()
    await net.control('POST', '/send', { address, amountSat: 200_000 })
    await net.control('POST', '/mine', { blocks: 1 })
    await until(
      () => b.caller.withdrawals.balances({ businessId }),
      (bal) => bal.onchainSat >= 200_000,
      'on-chain funds',
    )
    const to = net.simnet.world.chain.newAddress('payer')
    const quote = { destination: to, amountSat: 50_000 }
    const quoted = await b.caller.withdrawals.quote({ businessId, quote })
    const before = await rows()
    // the merchant saw less than the confirmation would pay now
    const rose = await rejection(confirm(quote, { quotedFeeSat: quoted.feeSat - 1 }))
    expect(appCode(rose)).toBe('WITHDRAW_FEE_ROSE')
    expect(rose.cause).toMatchObject({
      details: { feeSat: quoted.feeSat, quotedFeeSat: quoted.feeSat - 1 },
    })
    expect(await rows()).toBe(before)
    const sent = await confirm(quote, { quotedFeeSat: quoted.feeSat })
    expect(sent.status).toBe('succeeded')
  })
})

describe('consent for withdrawals and refunds', () => {
  it('holds the payout limits for refunds too, asks again once the step-up expires, and audits', async () => {
    await payoutLimits(env, [businessId, '--per-payout', '1500'])
    const before = await rows()
    const refused = await rejection(
      env.services.withdrawals.send(
        { businessId, userId: null },
        { quote: { destination: invoice(2_000).paymentRequest }, idempotencyKey: randomUUID() },
      ),
    ).catch((e: unknown) => e)
    expect(refused).toMatchObject({ code: 'PAYOUT_LIMIT_EXCEEDED' })
    const quoteRefused = await rejection(
      b.caller.withdrawals.quote({
        businessId,
        quote: { destination: invoice(2_000).paymentRequest },
      }),
    )
    expect(appCode(quoteRefused)).toBe('PAYOUT_LIMIT_EXCEEDED')
    expect(await rows()).toBe(before)
    await payoutLimits(env, [businessId, '--per-payout', 'none'])

    clock.advance((STEP_UP_VALID_SEC + 1) * 1000)
    const expired = await rejection(confirm({ destination: invoice(1_000).paymentRequest }))
    expect(appCode(expired)).toBe('STEP_UP_REQUIRED')
    expect(await rows()).toBe(before)
    const audit = await decisions(env, businessId)
    expect(audit.slice(-2).map((d) => [d.action, d.actor, d.outcome, d.reason])).toEqual([
      ['refund', 'staff', 'refused', 'PAYOUT_LIMIT_EXCEEDED'],
      ['withdrawal', 'user', 'refused', 'STEP_UP_REQUIRED'],
    ])
  })
})
