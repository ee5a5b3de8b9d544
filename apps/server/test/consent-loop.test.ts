/**
 * Loop passes the consent policy: a swap out and autoloop's destination are refused without
 * the owner's step-up, to a denylisted or sanctioned address, and while the sanctions API is
 * down, with nothing written and nothing asked of loopd; a step-up (or the password given with
 * the act) lets them through until it expires; the operator's payout limits hold; each decision
 * is audited.
 */
import { randomUUID } from 'node:crypto'
import { STEP_UP_VALID_SEC } from '@app/domain'
import { afterAll, describe, expect, it } from 'vitest'
import { appCode, rejection } from './assertions'
import { paidLightning } from './businesses'
import {
  decisions,
  deny,
  flag,
  payoutLimits,
  testClock,
  withScreeningDown,
} from './consent-support'
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

const chain = () => net.simnet.world.chain
const overview = () => b.caller.loop.overview({ businessId })
const swapRows = async () =>
  (await env.database.db.selectFrom('loopSwaps').select('id').execute()).length
async function swapsInLoopd(): Promise<number> {
  const { admin } = await env.services.nodes.admin(businessId)
  return (await admin.swaps()).length
}

const receive = (sat: number) => paidLightning(t.owner, net, sat)

const setup = (destAddress: string, proof: { password?: string } = {}) =>
  b.caller.loop.setupAutoloop({
    businessId,
    destAddress,
    thresholdSat: 900_000,
    budgetSat: 20_000,
    maxFeePercent: 2,
    ...proof,
  })

async function swapOut(amountSat: number, destAddress: string, proof: { password?: string } = {}) {
  const quote = await b.caller.loop.quote({ businessId, amountSat })
  return b.caller.loop.swapOut({
    businessId,
    amountSat,
    destAddress,
    idempotencyKey: randomUUID(),
    quote,
    ...proof,
  })
}

/** Every way the policy refuses, for one act: nothing written, nothing asked of loopd. */
async function refusedEveryWay(act: (address: string, proof: { password?: string }) => unknown) {
  const codes: string[] = []
  const password = { password: ACCOUNT_PASSWORD }
  codes.push(appCode(await rejection(Promise.resolve(act(chain().newAddress('x'), {})))))
  const denied = chain().newAddress('denied')
  await deny(env, denied)
  codes.push(appCode(await rejection(Promise.resolve(act(denied, password)))))
  const sanctioned = chain().newAddress('sanctioned')
  await flag(net, sanctioned)
  codes.push(appCode(await rejection(Promise.resolve(act(sanctioned, password)))))
  const unscreened = chain().newAddress('unscreened')
  await withScreeningDown(net, async () => {
    codes.push(appCode(await rejection(Promise.resolve(act(unscreened, password)))))
  })
  return codes
}

const REFUSALS = [
  'STEP_UP_REQUIRED',
  'WITHDRAW_DENYLISTED',
  'WITHDRAW_FLAGGED',
  'WITHDRAW_SCREENING_UNAVAILABLE',
]

describe('a Loop swap out', () => {
  it('is refused without a step-up and to an address screening refuses: nothing written or sent', async () => {
    await receive(300_000)
    const { terms } = await overview()
    const [rows, inLoopd] = [await swapRows(), await swapsInLoopd()]
    expect(await refusedEveryWay((to, proof) => swapOut(terms.minSat, to, proof))).toEqual(REFUSALS)
    expect(await swapRows()).toBe(rows)
    expect(await swapsInLoopd()).toBe(inLoopd)
    const audit = await decisions(env, businessId)
    expect(audit.map((d) => [d.action, d.outcome, d.reason])).toEqual(
      REFUSALS.map((code) => ['loop_out', 'refused', code]),
    )
  })

  it('goes through with a step-up, held to the payout limits, until the step-up expires', async () => {
    const { terms } = await overview()
    const { validUntil } = await b.caller.consent.stepUp({ password: ACCOUNT_PASSWORD })
    expect(validUntil.getTime()).toBeGreaterThan(clock.now().getTime())

    await payoutLimits(env, [businessId, '--per-payout', String(terms.minSat - 1)])
    const tooBig = await rejection(swapOut(terms.minSat, chain().newAddress('out')))
    expect(appCode(tooBig)).toBe('PAYOUT_LIMIT_EXCEEDED')
    expect(tooBig.cause).toMatchObject({ details: { limitSat: terms.minSat - 1 } })
    await payoutLimits(env, [businessId, '--per-payout', 'none'])

    const dest = chain().newAddress('loop-out')
    const started = await swapOut(terms.minSat, dest)
    expect(started).toMatchObject({ initiator: 'merchant', amountSat: terms.minSat })
    const [last] = (await decisions(env, businessId)).slice(-1)
    expect(last).toMatchObject({ action: 'loop_out', outcome: 'allowed', reason: 'step-up' })
    expect(last?.destination).toBe(dest)

    // the day's limit counts the swap already started
    const out = await payoutLimits(env, [businessId, '--per-day', String(terms.minSat + 1)])
    expect(out.join('\n')).toContain(`per day: ${terms.minSat + 1} sat`)
    const rows = await swapRows()
    const overDay = await rejection(swapOut(terms.minSat, chain().newAddress('out')))
    expect(appCode(overDay)).toBe('DAILY_PAYOUT_LIMIT_EXCEEDED')
    expect(overDay.cause).toMatchObject({ details: { remainingSat: 1 } })
    expect(await swapRows()).toBe(rows)
    await payoutLimits(env, [businessId, '--per-day', 'none'])

    clock.advance((STEP_UP_VALID_SEC + 1) * 1000)
    expect((await b.caller.consent.status()).validUntil).toBeNull()
    const expired = await rejection(swapOut(terms.minSat, chain().newAddress('out')))
    expect(appCode(expired)).toBe('STEP_UP_REQUIRED')
    expect(await swapRows()).toBe(rows)
  })
})

describe("autoloop's destination", () => {
  it('is refused without a step-up and to an address screening refuses: loopd unchanged', async () => {
    const before = (await overview()).autoloop
    const from = (await decisions(env, businessId)).length
    expect(await refusedEveryWay((to, proof) => setup(to, proof))).toEqual(REFUSALS)
    expect((await overview()).autoloop).toEqual(before)
    const audit = (await decisions(env, businessId)).slice(from)
    expect(audit.map((d) => [d.action, d.outcome, d.reason])).toEqual(
      REFUSALS.map((code) => ['autoloop', 'refused', code]),
    )
  })

  it('changes with the password given for it, which stands as a step-up for a few minutes', async () => {
    const savings = chain().newAddress('savings')
    await setup(savings, { password: ACCOUNT_PASSWORD })
    expect((await overview()).autoloop).toMatchObject({ destAddress: savings })
    const next = chain().newAddress('savings-2')
    await setup(next)
    expect((await overview()).autoloop).toMatchObject({ destAddress: next })
    const audit = (await decisions(env, businessId)).slice(-2)
    expect(audit.map((d) => [d.action, d.outcome, d.reason])).toEqual([
      ['autoloop', 'allowed', 'password'],
      ['autoloop', 'allowed', 'step-up'],
    ])

    const wrong = await rejection(setup(chain().newAddress('x'), { password: 'not it at all' }))
    expect(appCode(wrong)).toBe('WRONG_PASSWORD')
    clock.advance((STEP_UP_VALID_SEC + 1) * 1000)
    const expired = await rejection(setup(chain().newAddress('x')))
    expect(appCode(expired)).toBe('STEP_UP_REQUIRED')
    expect((await overview()).autoloop).toMatchObject({ destAddress: next })
  })

  it('keeps its destination when changed, with a step-up, to an address screening refuses', async () => {
    const good = chain().newAddress('savings-good')
    await setup(good, { password: ACCOUNT_PASSWORD })
    const before = (await overview()).autoloop
    expect(before).toMatchObject({ destAddress: good, state: 'enabled' })
    const { admin } = await env.services.nodes.admin(businessId)
    const params = await admin.autoloop()
    expect(params.destAddress).toBe(good)
    const from = (await decisions(env, businessId)).length

    // the session's step-up stands: each change is refused for its destination alone
    await b.caller.consent.stepUp({ password: ACCOUNT_PASSWORD })
    const denied = chain().newAddress('denied-change')
    await deny(env, denied)
    const sanctioned = chain().newAddress('sanctioned-change')
    await flag(net, sanctioned)
    const unscreened = chain().newAddress('unscreened-change')
    const codes = [
      appCode(await rejection(setup(denied))),
      appCode(await rejection(setup(sanctioned))),
      await withScreeningDown(net, async () => appCode(await rejection(setup(unscreened)))),
    ]
    expect(codes).toEqual(REFUSALS.slice(1))
    expect((await overview()).autoloop).toEqual(before)
    expect(await admin.autoloop()).toEqual(params)
    const audit = (await decisions(env, businessId)).slice(from)
    expect(audit.map((d) => [d.action, d.outcome, d.reason, d.destination])).toEqual([
      ['autoloop', 'refused', 'WITHDRAW_DENYLISTED', denied],
      ['autoloop', 'refused', 'WITHDRAW_FLAGGED', sanctioned],
      ['autoloop', 'refused', 'WITHDRAW_SCREENING_UNAVAILABLE', unscreened],
    ])

    // the same step-up changes it to an address screening lets through
    const clean = chain().newAddress('savings-clean')
    await setup(clean)
    expect((await overview()).autoloop).toMatchObject({ destAddress: clean })
  })
})
