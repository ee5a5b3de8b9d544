/**
 * Refunds at a terminal: only staff who may refund (the server refuses others), never more than
 * remains of the payment (two at once included), paid to the customer's invoice or through a
 * single-use, expiring LNURL-withdraw that simnet's payer claims once; the payment then shows
 * refunded or partly refunded.
 */
import { randomUUID } from 'node:crypto'
import type { TRPCError } from '@trpc/server'
import { afterAll, describe, expect, it } from 'vitest'
import { appCode, rejection, until } from './assertions'
import { claim, lnurlRefund, shopWithTerminal, SHOP_SERVER } from './refunds-support'
import { scenario } from './harness'

const w = await scenario(SHOP_SERVER)
afterAll(w.close)

const key = () => randomUUID()

describe('who may refund', () => {
  it('refuses staff without the permission, a device with nobody signed in and an owner', async () => {
    const shop = await shopWithTerminal(w)
    const p = await shop.paid({ sat: 5_000 })
    await shop.d.caller.device.staffSignIn({ staffId: shop.sam.id, pin: '1357' })
    for (const call of [
      () => shop.d.caller.refunds.payments({}),
      () => shop.d.caller.refunds.payment({ paymentId: p.id }),
      () => shop.d.caller.refunds.create(lnurlRefund(p.id, 1_000)),
    ]) {
      expect(appCode(await rejection(call()))).toBe('STAFF_PERMISSION_REQUIRED')
    }
    await shop.d.caller.device.staffSignOut()
    expect(appCode(await rejection(shop.d.caller.refunds.payments({})))).toBe(
      'STAFF_SIGN_IN_REQUIRED',
    )
    // the owner's session is not a device's
    expect(appCode(await rejection(shop.b.caller.refunds.payments({})))).toBe('UNAUTHORIZED')
    const rows = await w.env.database.db.selectFrom('refunds').selectAll().execute()
    expect(rows.filter((r) => r.paymentId === p.id)).toEqual([])
  })
})

describe('refunding a payment', () => {
  it('lists the device’s settled payments and finds one by id, with what remains', async () => {
    const shop = await shopWithTerminal(w)
    const a = await shop.paid({ fiatMinor: 450 })
    const b = await shop.paid({ sat: 2_000 })
    const list = await shop.d.caller.refunds.payments({})
    expect(list.map((x) => x.id)).toEqual([b.id, a.id])
    expect(list[1]).toMatchObject({
      staffName: 'Rita',
      remainingSat: a.amountSat,
      refundState: 'none',
    })
    const found = await shop.d.caller.refunds.payment({ paymentId: a.id })
    expect(found.payment).toMatchObject({ id: a.id, fiatMinor: 450, refundedSat: 0 })
    const other = await shopWithTerminal(w)
    expect(appCode(await rejection(other.d.caller.refunds.payment({ paymentId: a.id })))).toBe(
      'NOT_FOUND',
    )
  })

  it('pays part to an invoice, the rest in fiat, and refuses more than remains', async () => {
    const shop = await shopWithTerminal(w)
    const p = await shop.paid({ fiatMinor: 1_000 })
    const inv = w.net.simnet.world.payer.addInvoice({ valueMsat: 1_000_000, memo: 'refund' })
    const k = key()
    const first = () =>
      shop.d.caller.refunds.create({
        paymentId: p.id,
        basis: 'sat',
        amount: 1_000,
        payout: { kind: 'destination', destination: inv.paymentRequest },
        idempotencyKey: k,
      })
    const sent = await first()
    expect(sent).toMatchObject({ state: 'refunded', amountSat: 1_000, staffName: 'Rita' })
    expect(w.net.simnet.world.payer.lookupInvoice(inv.paymentHash)?.amtPaidMsat).toBe(1_000_000)
    // the same tap again: the same refund, nothing paid again
    expect((await first()).id).toBe(sent.id)
    expect((await shop.d.caller.refunds.payment({ paymentId: p.id })).payment).toMatchObject({
      refundedSat: 1_000,
      remainingSat: p.amountSat - 1_000,
      refundState: 'partly',
    })
    const listed = async () =>
      (await shop.b.caller.sales.transactions({ businessId: shop.businessId })).items.find(
        (i) => i.id === p.id,
      )?.refundState
    expect(await listed()).toBe('partly')
    // an invoice for another amount than the refund
    const wrong = w.net.simnet.world.payer.addInvoice({ valueMsat: 2_000_000, memo: 'x' })
    const mismatch = await rejection(
      shop.d.caller.refunds.create({
        paymentId: p.id,
        basis: 'sat',
        amount: 1_500,
        payout: { kind: 'destination', destination: wrong.paymentRequest },
        idempotencyKey: key(),
      }),
    )
    expect(appCode(mismatch)).toBe('REFUND_INVOICE_AMOUNT_MISMATCH')
    // more than remains, in fiat (the payment's own value)
    const over = await rejection(
      shop.d.caller.refunds.create({
        paymentId: p.id,
        basis: 'fiat',
        amount: 1_000,
        payout: { kind: 'lnurl' },
        idempotencyKey: key(),
      }),
    )
    expect(appCode(over)).toBe('REFUND_EXCEEDS_REMAINING')
    const rest = p.amountSat - 1_000
    const zero = w.net.simnet.world.payer.addInvoice({ valueMsat: 0, memo: 'rest' })
    const last = await shop.d.caller.refunds.create({
      paymentId: p.id,
      basis: 'sat',
      amount: rest,
      payout: { kind: 'destination', destination: zero.paymentRequest },
      idempotencyKey: key(),
    })
    expect(last).toMatchObject({ state: 'refunded', amountSat: rest })
    expect(w.net.simnet.world.payer.lookupInvoice(zero.paymentHash)?.amtPaidMsat).toBe(rest * 1000)
    const after = await shop.d.caller.refunds.payment({ paymentId: p.id })
    expect(after.payment).toMatchObject({ remainingSat: 0, refundState: 'refunded' })
    expect(after.payment.refundedFiatMinor).toBe(1_000)
    expect(await listed()).toBe('refunded')
    expect(after.refunds.map((r) => r.state)).toEqual(['refunded', 'refunded'])
  })

  it('lets two refunds at once take no more than remains', async () => {
    const shop = await shopWithTerminal(w)
    const p = await shop.paid({ sat: 10_000 })
    const results = await Promise.allSettled(
      [6_000, 6_000, 6_000].map((amount) =>
        shop.d.caller.refunds.create(lnurlRefund(p.id, amount)),
      ),
    )
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    for (const r of results) {
      if (r.status === 'rejected')
        expect(appCode(r.reason as TRPCError)).toBe('REFUND_EXCEEDS_REMAINING')
    }
    const rows = await w.env.database.db
      .selectFrom('refunds')
      .select('amountSat')
      .where('paymentId', '=', p.id)
      .execute()
    expect(rows.map((r) => Number(r.amountSat))).toEqual([6_000])
  })
})

describe('an LNURL-withdraw refund', () => {
  it('is claimed once by the customer’s wallet and paid; a second claim is refused', async () => {
    const shop = await shopWithTerminal(w)
    const p = await shop.paid({ sat: 8_000 })
    const refund = await shop.d.caller.refunds.create(lnurlRefund(p.id, 3_000))
    expect(refund).toMatchObject({ state: 'open', amountSat: 3_000 })
    expect(refund.lnurl).toMatch(/^LNURL1[0-9A-Z]+$/)
    const claimed = await claim(w, refund.lnurl ?? '')
    expect(claimed).toMatchObject({ amountSat: 3_000, state: 'SETTLED' })
    const done = await until(
      () => shop.d.caller.refunds.get({ refundId: refund.id }),
      (r) => r.state === 'refunded',
      'the refund to be paid',
    )
    expect(done.amountSat).toBe(3_000)
    await expect(claim(w, refund.lnurl ?? '')).rejects.toThrow(/already claimed or expired/)
    const withdrawals = await w.env.database.db
      .selectFrom('withdrawals')
      .select(['status', 'amountSat', 'userId'])
      .where('businessId', '=', shop.businessId)
      .execute()
    expect(withdrawals).toEqual([{ status: 'succeeded', amountSat: '3000', userId: null }])
    expect(w.net.simnet.world.payer.lookupInvoice(claimed.paymentHash)?.amtPaidMsat).toBe(3_000_000)
  })

  it('is refused once expired, and then no longer holds back its amount', async () => {
    const shop = await shopWithTerminal(w)
    const p = await shop.paid({ sat: 4_000 })
    const create = () => shop.d.caller.refunds.create(lnurlRefund(p.id, 4_000))
    const refund = await create()
    expect(appCode(await rejection(create()))).toBe('REFUND_EXCEEDS_REMAINING')
    await w.env.database.db
      .updateTable('refunds')
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where('id', '=', refund.id)
      .execute()
    await expect(claim(w, refund.lnurl ?? '')).rejects.toThrow(/already claimed or expired/)
    expect((await shop.d.caller.refunds.get({ refundId: refund.id })).state).toBe('expired')
    expect((await create()).state).toBe('open')
  })

  it('answers the withdraw request as LUD-03 says and refuses a wrong invoice', async () => {
    const shop = await shopWithTerminal(w)
    const p = await shop.paid({ sat: 2_500 })
    const refund = await shop.d.caller.refunds.create(lnurlRefund(p.id, 2_500))
    const { bech32 } = await import('@scure/base')
    const decoded = bech32.decode((refund.lnurl ?? '').toLowerCase() as `${string}1${string}`, 2000)
    const url = new TextDecoder().decode(bech32.fromWords(decoded.words))
    expect(url).toMatch(new RegExp(`^${w.origin}/lnurlw/[0-9a-f]{64}$`))
    const request = (await (await fetch(url)).json()) as Record<string, unknown>
    expect(request).toMatchObject({
      tag: 'withdrawRequest',
      callback: `${w.origin}/lnurlw/callback`,
      minWithdrawable: 2_500_000,
      maxWithdrawable: 2_500_000,
    })
    const k1 = String(request.k1)
    const wrong = w.net.simnet.world.payer.addInvoice({ valueMsat: 2_000_000, memo: 'less' })
    const cb = (pr: string) =>
      fetch(`${w.origin}/lnurlw/callback?k1=${k1}&pr=${pr}`).then(
        async (r) => (await r.json()) as Record<string, unknown>,
      )
    expect(await cb(wrong.paymentRequest)).toMatchObject({ status: 'ERROR' })
    expect((await shop.d.caller.refunds.get({ refundId: refund.id })).state).toBe('open')
    const unknown = await fetch(`${w.origin}/lnurlw/${'0'.repeat(64)}`)
    expect(await unknown.json()).toMatchObject({ status: 'ERROR' })
  })
})
