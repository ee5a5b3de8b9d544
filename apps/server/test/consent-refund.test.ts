/**
 * A refund's destination is screened as a withdrawal's: an on-chain address on the operator's
 * denylist, one the sanctions API flags, or any while the sanctions API is down, and an invoice
 * whose payee node is denylisted or flagged, are refused with the screening's code. Nothing is
 * paid, no refund or withdrawal is written, what remains of the payment stays refundable, and the
 * consent audit records each refusal as the staff member's refund. An LNURL-withdraw refund is
 * screened when the customer's wallet claims it, by the payee node of the invoice it sends.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { runDenylistCommand } from '../src/modules/screening/cli'
import { appCode, rejection, until } from './assertions'
import { decisions, deny, flag, withScreeningDown } from './consent-support'
import { scenario } from './harness'
import { claim, lnurlRefund } from './refunds-support'

const t = await scenario({
  simnet: true,
  screening: true,
  business: 'own-node-with-channel',
  depositSat: 1_000_000,
  device: true,
  // the LNURLs the server makes reach it
  http: 'listen',
})
afterAll(t.close)
const { env, net } = t
const { businessId } = t.owner
const shop = t.terminal

const chain = () => net.simnet.world.chain
const payer = () => net.simnet.world.payer

const refund = (paymentId: string, amount: number, destination: string) =>
  shop.d.caller.refunds.create({
    paymentId,
    basis: 'sat',
    amount,
    payout: { kind: 'destination', destination },
    idempotencyKey: randomUUID(),
  })

const refundRows = (paymentId: string) =>
  env.database.db
    .selectFrom('refunds')
    .select(['status', 'amountSat', 'destination'])
    .where('paymentId', '=', paymentId)
    .execute()
const withdrawalRows = () =>
  env.database.db
    .selectFrom('withdrawals')
    .select(['status', 'destination', 'amountSat'])
    .where('businessId', '=', businessId)
    .execute()
const remaining = async (paymentId: string) =>
  (await shop.d.caller.refunds.payment({ paymentId })).payment.remainingSat

async function fundOnchain(sat: number) {
  const wallet = await env.services.wallets.forBusiness(businessId)
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

async function allow(target: string) {
  const quiet = { log: () => {}, error: () => {} }
  expect(await runDenylistCommand(env.database.db, ['allow-address', target], quiet)).toBe(0)
}

const REFUSALS = ['WITHDRAW_DENYLISTED', 'WITHDRAW_FLAGGED', 'WITHDRAW_SCREENING_UNAVAILABLE']

describe('a refund to an address screening refuses', () => {
  it('is refused with the screening code: nothing paid or written, audited as a refund', async () => {
    await fundOnchain(300_000)
    const p = await shop.paid({ sat: 40_000 })
    const denied = chain().newAddress('denied')
    await deny(env, denied)
    const sanctioned = chain().newAddress('sanctioned')
    await flag(net, sanctioned)
    const unscreened = chain().newAddress('unscreened')
    const from = (await decisions(env, businessId)).length
    const withdrawalsBefore = await withdrawalRows()

    const codes = [
      appCode(await rejection(refund(p.id, 10_000, denied))),
      appCode(await rejection(refund(p.id, 10_000, sanctioned))),
      await withScreeningDown(net, async () =>
        appCode(await rejection(refund(p.id, 10_000, unscreened))),
      ),
    ]
    expect(codes).toEqual(REFUSALS)
    // no refund holds the amount back, none was paid, and the wallet sent nothing
    expect(await refundRows(p.id)).toEqual([])
    expect(await withdrawalRows()).toEqual(withdrawalsBefore)
    expect(await remaining(p.id)).toBe(p.amountSat)
    const audit = (await decisions(env, businessId)).slice(from)
    expect(audit.map((d) => [d.action, d.actor, d.outcome, d.reason, d.destination])).toEqual([
      ['refund', 'staff', 'refused', 'WITHDRAW_DENYLISTED', denied],
      ['refund', 'staff', 'refused', 'WITHDRAW_FLAGGED', sanctioned],
      ['refund', 'staff', 'refused', 'WITHDRAW_SCREENING_UNAVAILABLE', unscreened],
    ])
    expect(audit.map((d) => Number(d.amountSat))).toEqual([10_000, 10_000, 10_000])

    // an address screening lets through is refunded: the refusals were the screening's
    const clean = chain().newAddress('clean')
    const paid = await refund(p.id, 10_000, clean)
    expect(paid).toMatchObject({ state: 'refunded', amountSat: 10_000, destination: clean })
    expect(await remaining(p.id)).toBe(p.amountSat - 10_000)
    expect((await decisions(env, businessId)).at(-1)).toMatchObject({
      action: 'refund',
      outcome: 'allowed',
      reason: 'staff',
      destination: clean,
    })
  })
})

describe('a refund to an invoice', () => {
  it("is screened by the invoice's payee node: denylisted, flagged or unscreened, nothing paid", async () => {
    const p = await shop.paid({ sat: 20_000 })
    const node = payer().pubkey
    const invoice = () => payer().addInvoice({ valueMsat: 5_000_000, memo: 'refund' })
    const withdrawalsBefore = await withdrawalRows()
    const from = (await decisions(env, businessId)).length
    const tried: { paymentHash: string; paymentRequest: string }[] = []
    const attempt = async () => {
      const inv = invoice()
      tried.push(inv)
      return appCode(await rejection(refund(p.id, 5_000, inv.paymentRequest)))
    }

    const codes: string[] = []
    await deny(env, node)
    try {
      codes.push(await attempt())
    } finally {
      await allow(node)
    }
    await flag(net, node)
    try {
      codes.push(await attempt())
    } finally {
      await net.control('POST', '/screening/unflag', { address: node })
    }
    codes.push(await withScreeningDown(net, attempt))
    expect(codes).toEqual(REFUSALS)

    for (const inv of tried) {
      expect(payer().lookupInvoice(inv.paymentHash)?.amtPaidMsat ?? 0).toBe(0)
    }
    expect(await refundRows(p.id)).toEqual([])
    expect(await withdrawalRows()).toEqual(withdrawalsBefore)
    expect(await remaining(p.id)).toBe(p.amountSat)
    const audit = (await decisions(env, businessId)).slice(from)
    expect(audit.map((d) => [d.action, d.actor, d.outcome, d.reason, d.destination])).toEqual(
      REFUSALS.map((code, i) => ['refund', 'staff', 'refused', code, tried[i]!.paymentRequest]),
    )

    // the same node screened clean again: the refund is paid
    const ok = invoice()
    expect(await refund(p.id, 5_000, ok.paymentRequest)).toMatchObject({ state: 'refunded' })
    expect(payer().lookupInvoice(ok.paymentHash)?.amtPaidMsat).toBe(5_000_000)
  })
})

describe('an LNURL-withdraw refund', () => {
  it("is screened by the claiming wallet's node: refused, nothing paid, and no longer held back", async () => {
    const p = await shop.paid({ sat: 20_000 })
    const node = payer().pubkey
    const withdrawalsBefore = await withdrawalRows()
    const from = (await decisions(env, businessId)).length
    const claimedBy = async (code: string) => {
      const r = await shop.d.caller.refunds.create(lnurlRefund(p.id, 4_000))
      expect(r.state).toBe('open')
      const claimed = await claim(t, r.lnurl ?? '', false)
      const failed = await until(
        () => shop.d.caller.refunds.get({ refundId: r.id }),
        (x) => x.state === 'failed',
        `the refund to be refused with ${code}`,
      )
      expect(failed.failureReason).toBe(code)
      return claimed.paymentHash
    }

    const hashes: string[] = []
    await deny(env, node)
    try {
      hashes.push(await claimedBy('WITHDRAW_DENYLISTED'))
    } finally {
      await allow(node)
    }
    await flag(net, node)
    try {
      hashes.push(await claimedBy('WITHDRAW_FLAGGED'))
    } finally {
      await net.control('POST', '/screening/unflag', { address: node })
    }
    for (const h of hashes) expect(payer().lookupInvoice(h)?.amtPaidMsat ?? 0).toBe(0)
    expect(await withdrawalRows()).toEqual(withdrawalsBefore)
    // a refused refund holds nothing back
    expect(await remaining(p.id)).toBe(p.amountSat)
    const audit = (await decisions(env, businessId)).slice(from)
    expect(audit.map((d) => [d.action, d.actor, d.outcome, d.reason])).toEqual([
      ['refund', 'staff', 'refused', 'WITHDRAW_DENYLISTED'],
      ['refund', 'staff', 'refused', 'WITHDRAW_FLAGGED'],
    ])
  })
})
