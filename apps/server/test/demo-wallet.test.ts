/**
 * The demo wallet pays what the product shows, from inside the app: a Lightning invoice, an
 * on-chain BIP21 request (confirmed by "Mine a block"), and makes invoices and addresses to
 * withdraw to. Bad requests are refused with nothing paid; outside demo mode it does not exist.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { appCode, rejection, until } from './assertions'
import { exchangeBusiness, nwcBusiness } from './businesses'
import { scenario } from './harness'

const t = await scenario({ simnet: true, realtime: true })
afterAll(t.close)
const { env, net } = t
const visitor = env.browser()

describe('the demo wallet', () => {
  it('pays a Lightning invoice of a business, and lists the payment', async () => {
    const { b, businessId } = await nwcBusiness(env, net)
    const p = await b.caller.payments.createLightning({ businessId, amount: { sat: 1_234 } })
    const paid = await visitor.caller.demo.pay({ request: p.paymentRequest! })
    expect(paid).toMatchObject({ kind: 'lightning', amountSat: 1_234 })
    await until(
      () => b.caller.payments.get({ businessId, paymentId: p.id }),
      (v) => v.status === 'settled',
      'the payment to settle',
    )
    const { activity } = await visitor.caller.demo.wallet()
    expect(activity).toContainEqual(
      expect.objectContaining({ kind: 'lightning', direction: 'out', amountSat: 1_234 }),
    )
  })

  it('pays an on-chain request, which settles with its txid once blocks are mined', async () => {
    const { b, businessId } = await exchangeBusiness(env, net)
    const p = await b.caller.payments.createOnchain({ businessId, amount: { sat: 30_000 } })
    // The on-chain page's button pays its address (its BIP21 also carries an invoice).
    const paid = await visitor.caller.demo.pay({ request: p.address!, amountSat: 30_000 })
    expect(paid.kind).toBe('onchain')
    if (paid.kind !== 'onchain') throw new Error('not on chain')
    await until(
      () => b.caller.payments.get({ businessId, paymentId: p.id }),
      (v) => v.status === 'processing',
      'the transaction to be seen',
    )
    // The exchange credits a deposit after 3 confirmations.
    await visitor.caller.demo.mine({ blocks: 3 })
    const settled = await until(
      () => b.caller.payments.get({ businessId, paymentId: p.id }),
      (v) => v.status === 'settled',
      'the payment to settle',
    )
    expect(settled.receivedSat).toBe(30_000)
    const { activity } = await visitor.caller.demo.wallet()
    expect(activity.find((a) => a.txid === paid.txid)).toMatchObject({
      kind: 'onchain',
      direction: 'out',
      amountSat: 30_000,
    })
  })

  it('makes invoices, addresses and ecash to pay with, and has a Lightning address', async () => {
    const { paymentRequest } = await visitor.caller.demo.invoice({ amountSat: 5_000, memo: 'x' })
    expect(paymentRequest).toMatch(/^lnbcrt50u1/)
    const { address } = await visitor.caller.demo.address()
    expect(address).toMatch(/^bcrt1q/)
    const { token } = await visitor.caller.demo.mintToken({ amountSat: 2_000 })
    expect(token).toMatch(/^cashu/)
    const summary = await visitor.caller.demo.wallet()
    expect(summary.lightningAddress).toBe(`payer@${new URL(net.simnet.url).host}`)
    expect(summary.onchainSat).toBeGreaterThan(0)
  })

  it('refuses what it cannot pay, paying nothing', async () => {
    const before = (await visitor.caller.demo.wallet()).activity.length
    expect(appCode(await rejection(visitor.caller.demo.pay({ request: 'not a request' })))).toBe(
      'WITHDRAW_INVALID_DESTINATION',
    )
    const { address } = await visitor.caller.demo.address()
    expect(appCode(await rejection(visitor.caller.demo.pay({ request: address })))).toBe(
      'DEMO_WALLET_AMOUNT_NEEDED',
    )
    expect(
      appCode(
        await rejection(visitor.caller.demo.pay({ request: address, amountSat: 20_000_000_000 })),
      ),
    ).toBe('VALIDATION')
    // An invoice nobody can route to (a node the payer has no path to).
    const { paymentRequest } = await visitor.caller.demo.invoice({ amountSat: 1_000 })
    const own = await rejection(visitor.caller.demo.pay({ request: paymentRequest }))
    expect(appCode(own)).toBe('DEMO_WALLET_FAILED')
    expect((await visitor.caller.demo.wallet()).activity.length).toBe(before)
  })
})

describe('outside demo mode', () => {
  it('has no demo wallet', async () => {
    const plain = await scenario({})
    try {
      const err = await rejection(plain.env.browser().caller.demo.wallet())
      expect(appCode(err)).toBe('NOT_FOUND')
    } finally {
      await plain.close()
    }
  })
})
