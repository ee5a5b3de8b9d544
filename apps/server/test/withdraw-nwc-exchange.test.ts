/**
 * Withdrawals from an NWC wallet (pay_invoice; no on-chain) and what an exchange account is
 * offered: Lightning invoices are paid once per key; an address is refused with its reason; an
 * exchange with a Lightning method pays a typed invoice through it (Kraken `Withdraw` to the
 * Lightning key with the invoice), followed by `WithdrawStatus` to its end.
 */
import { createHash, randomUUID } from 'node:crypto'
import { lightningFeeLimitSat } from '@app/domain'
import { afterAll, describe, expect, it } from 'vitest'
import { appCode, rejection, until } from './assertions'
import { approvedBusiness, nwcBusiness } from './businesses'
import { scenario } from './harness'
import { ACCOUNT_PASSWORD } from './withdraw-support'

const t = await scenario({ simnet: true, screening: true, realtime: 'bus' })
afterAll(t.close)
const { env, net } = t

describe('an NWC wallet', () => {
  it('pays an invoice with pay_invoice, once per key, and offers no on-chain', async () => {
    const { b, businessId } = await nwcBusiness(env, net)
    const balances = await b.caller.withdrawals.balances({ businessId })
    expect(balances).toMatchObject({ registeredOnly: false, canOnchain: false, canLightning: true })
    const inv = net.simnet.world.payer.addInvoice({ valueMsat: 2_000_000, memo: 'payout' })
    const key = randomUUID()
    const confirm = () =>
      b.caller.withdrawals.confirm({
        businessId,
        quote: { destination: inv.paymentRequest },
        idempotencyKey: key,
        password: ACCOUNT_PASSWORD,
      })
    const paid = await confirm()
    expect(paid).toMatchObject({ status: 'succeeded', amountSat: 2_000 })
    expect(
      createHash('sha256')
        .update(Buffer.from(paid.preimage ?? '', 'hex'))
        .digest('hex'),
    ).toBe(inv.paymentHash)
    expect((await confirm()).id).toBe(paid.id)
    expect(net.simnet.world.payer.lookupInvoice(inv.paymentHash)?.amtPaidMsat).toBe(2_000_000)

    const onchain = await rejection(
      b.caller.withdrawals.quote({
        businessId,
        quote: { destination: net.simnet.world.chain.newAddress('payer'), amountSat: 10_000 },
      }),
    )
    expect(appCode(onchain)).toBe('WITHDRAW_METHOD_UNSUPPORTED')
  })

  it('hands the wallet its fee limit as max_fee: a route dearer by 1 msat is not taken, and the payout ends failed, sent once', async () => {
    const { b, businessId } = await nwcBusiness(env, net)
    const payer = net.simnet.world.payer
    const quoted = async (paymentRequest: string) =>
      b.caller.withdrawals.quote({ businessId, quote: { destination: paymentRequest } })
    const confirm = (paymentRequest: string, idempotencyKey: string) =>
      b.caller.withdrawals
        .confirm({
          businessId,
          quote: { destination: paymentRequest },
          idempotencyKey,
          password: ACCOUNT_PASSWORD,
        })
        .catch((err: unknown) => err)
    const rowOf = (idempotencyKey: string) =>
      env.database.db
        .selectFrom('withdrawals')
        .select(['id', 'status', 'feeSat'])
        .where('businessId', '=', businessId)
        .where('idempotencyKey', '=', idempotencyKey)
        .execute()
        .then((rows) =>
          rows.map((r) => ({ ...r, feeSat: r.feeSat === null ? null : Number(r.feeSat) })),
        )
    const lightningSat = async () =>
      (await b.caller.withdrawals.balances({ businessId })).lightningSat
    // every route to the payer passes the provider: what it charges is the route's fee
    const routeFee = (baseMsat: number) =>
      net.control('POST', '/channels/forwarding-fee', { baseMsat, ppm: 0 })

    const dear = payer.addInvoice({ valueMsat: 2_000_000, memo: 'payout' })
    const feeLimitSat = lightningFeeLimitSat(2_000)
    expect((await quoted(dear.paymentRequest)).feeLimitSat).toBe(feeLimitSat)
    const before = await lightningSat()
    try {
      await routeFee(feeLimitSat * 1000 + 1)
      const key = randomUUID()
      await confirm(dear.paymentRequest, key)
      const [failed] = await rowOf(key)
      expect(failed).toMatchObject({ status: 'failed' })
      // asked again: the same row, still failed, nothing paid
      await confirm(dear.paymentRequest, key)
      expect(await rowOf(key)).toEqual([failed])
      expect(payer.lookupInvoice(dear.paymentHash)?.state).toBe('OPEN')
      expect(await lightningSat()).toBe(before)

      // a route that costs exactly the limit is within it: paid once, its fee reported
      await routeFee(feeLimitSat * 1000)
      const fair = payer.addInvoice({ valueMsat: 2_000_000, memo: 'payout' })
      const paidKey = randomUUID()
      await confirm(fair.paymentRequest, paidKey)
      expect(await rowOf(paidKey)).toEqual([
        expect.objectContaining({ status: 'succeeded', feeSat: feeLimitSat }),
      ])
      expect(payer.lookupInvoice(fair.paymentHash)?.amtPaidMsat).toBe(2_000_000)
      expect(await lightningSat()).toBe(before - 2_000 - feeLimitSat)
    } finally {
      await routeFee(0)
    }
  })
})

describe('an exchange account', () => {
  it('withdraws to a destination registered on the exchange, and only there', async () => {
    const { b, businessId } = await approvedBusiness(env)
    await b.caller.onboarding.choosePaymentProvider({ businessId, kind: 'exchange' })
    const { key, secret } = await net.control<{ key: string; secret: string }>(
      'POST',
      '/kraken/keys',
      {},
    )
    await b.caller.onboarding.connectExchange({ businessId, apiKey: key, secretKey: secret })
    // money in: an on-chain payment to the exchange account
    const payment = await b.caller.payments.createOnchain({ businessId, amount: { sat: 300_000 } })
    await net.control('POST', '/send', { address: payment.address, amountSat: 300_000 })
    await net.control('POST', '/mine', { blocks: 6 })
    await until(
      () => b.caller.withdrawals.balances({ businessId }),
      (bal) => bal.onchainSat + bal.lightningSat >= 300_000,
      'the deposit to be credited',
      30_000,
    )
    const to = net.simnet.world.chain.newAddress('payer')
    await net.control('POST', '/kraken/withdraw-keys', { key, name: 'Savings', address: to })
    const balances = await b.caller.withdrawals.balances({ businessId })
    expect(balances.destinations).toEqual([{ key: 'Savings', rail: 'onchain', address: to }])

    const inv = net.simnet.world.payer.addInvoice({ valueMsat: 2_000_000, memo: 'payout' })
    const unregistered = await rejection(
      b.caller.withdrawals.quote({ businessId, quote: { destination: inv.paymentRequest } }),
    )
    expect(appCode(unregistered)).toBe('WITHDRAW_DESTINATION_NOT_REGISTERED')

    const quote = await b.caller.withdrawals.quote({
      businessId,
      quote: { destination: 'Savings', amountSat: 100_000 },
    })
    expect(quote).toMatchObject({ rail: 'onchain', amountSat: 100_000, target: to })
    expect(quote.feeSat).toBeGreaterThan(0)
    const sent = await b.caller.withdrawals.confirm({
      businessId,
      quote: { destination: 'Savings', amountSat: 100_000 },
      idempotencyKey: randomUUID(),
      password: ACCOUNT_PASSWORD,
    })
    expect(sent).toMatchObject({ status: 'succeeded', feeSat: quote.feeSat })
    expect(sent.txid).toMatch(/^[0-9a-f]{64}$/)
    const tx = net.simnet.world.chain.getTx(sent.txid ?? '')
    expect(tx?.vout.filter((o) => o.address === to).reduce((s2, o) => s2 + o.valueSat, 0)).toBe(
      100_000,
    )
    const tooMuch = await rejection(
      b.caller.withdrawals.quote({
        businessId,
        quote: { destination: 'Savings', amountSat: 10_000_000 },
      }),
    )
    expect(appCode(tooMuch)).toBe('WITHDRAW_INSUFFICIENT_FUNDS')
  })
  it('pays a typed invoice through the exchange Lightning method, once', async () => {
    const { b, businessId } = await approvedBusiness(env)
    await b.caller.onboarding.choosePaymentProvider({ businessId, kind: 'exchange' })
    const { key, secret } = await net.control<{ key: string; secret: string }>(
      'POST',
      '/kraken/keys',
      {},
    )
    await b.caller.onboarding.connectExchange({ businessId, apiKey: key, secretKey: secret })
    const payment = await b.caller.payments.createOnchain({ businessId, amount: { sat: 200_000 } })
    await net.control('POST', '/send', { address: payment.address, amountSat: 200_000 })
    await net.control('POST', '/mine', { blocks: 6 })
    await until(
      () => b.caller.withdrawals.balances({ businessId }),
      (bal) => bal.onchainSat + bal.lightningSat >= 200_000,
      'the deposit to be credited',
      30_000,
    )
    const inv = net.simnet.world.payer.addInvoice({ valueMsat: 21_000_000, memo: 'supplier' })
    // without a Lightning key on the account, a typed invoice is not accepted
    expect((await b.caller.withdrawals.balances({ businessId })).canLightning).toBe(false)
    const noKey = await rejection(
      b.caller.withdrawals.quote({ businessId, quote: { destination: inv.paymentRequest } }),
    )
    expect(appCode(noKey)).toBe('WITHDRAW_DESTINATION_NOT_REGISTERED')

    await net.control('POST', '/kraken/withdraw-keys', {
      key,
      name: 'My Lightning',
      method: 'Bitcoin Lightning',
    })
    const balances = await b.caller.withdrawals.balances({ businessId })
    expect(balances.canLightning).toBe(true)
    // the invoice key is not a destination of its own
    expect(balances.destinations).toEqual([])

    const quote = await b.caller.withdrawals.quote({
      businessId,
      quote: { destination: `lightning:${inv.paymentRequest}` },
    })
    expect(quote).toMatchObject({
      rail: 'lightning',
      amountSat: 21_000,
      target: inv.paymentRequest,
      destinationType: 'bolt11',
    })
    const idempotencyKey = randomUUID()
    const confirm = () =>
      b.caller.withdrawals.confirm({
        businessId,
        quote: { destination: `lightning:${inv.paymentRequest}` },
        idempotencyKey,
        password: ACCOUNT_PASSWORD,
      })
    const sent = await confirm()
    expect(['succeeded', 'unknown']).toContain(sent.status)
    const done = await until(
      () => b.caller.withdrawals.list({ businessId }),
      (rows) => rows.find((r) => r.id === sent.id)?.status === 'succeeded',
      'the exchange to report the Lightning withdrawal done',
      30_000,
    )
    expect(done.find((r) => r.id === sent.id)).toMatchObject({
      rail: 'lightning',
      amountSat: 21_000,
      feeSat: quote.feeSat,
    })
    expect(net.simnet.world.payer.lookupInvoice(inv.paymentHash)?.amtPaidMsat).toBe(21_000_000)
    // a retry is the same withdrawal; another attempt at the same invoice is refused
    expect((await confirm()).id).toBe(sent.id)
    const again = await rejection(
      b.caller.withdrawals.confirm({
        businessId,
        quote: { destination: inv.paymentRequest },
        idempotencyKey: randomUUID(),
        password: ACCOUNT_PASSWORD,
      }),
    )
    expect(appCode(again)).toBe('WITHDRAW_INVOICE_ALREADY_PAID')
    expect(net.simnet.world.payer.lookupInvoice(inv.paymentHash)?.amtPaidMsat).toBe(21_000_000)
  })
})
