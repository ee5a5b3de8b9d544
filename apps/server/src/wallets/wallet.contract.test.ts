/**
 * One contract for every wallet adapter, run against the whole simnet: the merchant's own lnd
 * node, an NWC wallet and an exchange account, each built by the factory from what a business
 * would have stored. Receiving runs for every backend (cases its capabilities rule out check
 * that it says so); each sending section runs for every backend that has that sender, and every
 * backend has exactly the senders it should.
 */
import { Network, validate } from 'bitcoin-address-validation'
import bolt11 from 'bolt11'
import { createHash } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { lightningFeeLimitSat } from '@app/domain'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scenario } from '../../test/harness'
import { createWalletForBusiness, walletCapabilities } from './factory'
import { WalletUnsupportedError, type Wallet } from './wallet'
import {
  backends,
  factoryDeps as deps,
  registerOnExchange,
  until,
  watching,
} from '../../test/wallet-contract'

const t = await scenario({ simnet: true, server: false })
afterAll(t.close)
const net = t.net

const payFromPayer = (invoice: string) => net.control('POST', '/pay', { invoice })
const totalSat = async (w: Wallet) => {
  const b = await w.balance()
  return b.lightningSat + b.onchainSat
}

describe.each(backends)('$kind wallet', (backend) => {
  const businessId = `contract-${backend.kind}`
  let wallet: Wallet
  beforeAll(async () => {
    await backend.setUp(net, businessId)
    const made = await createWalletForBusiness(deps, businessId)
    if (!made) throw new Error('the factory made no wallet')
    wallet = made
  })
  afterAll(() => wallet?.close())

  it('is built by the factory, which tells its capabilities without connecting', async () => {
    expect(wallet.kind).toBe(backend.kind)
    expect(await walletCapabilities(deps, businessId)).toEqual(wallet.capabilities)
    // it hands out addresses exactly when its capabilities say so, and has only its senders
    expect(wallet.addresses !== undefined).toBe(wallet.capabilities.onchain)
    const senders = [
      wallet.lightningSender && 'lightning',
      wallet.onchainSender && 'onchain',
      wallet.registeredWithdrawals && 'registered',
    ].filter(Boolean)
    expect(senders).toEqual(backend.senders)
    expect(await walletCapabilities(deps, 'no-such-business')).toBeNull()
    expect(await createWalletForBusiness(deps, 'no-such-business')).toBeNull()
  })

  it('creates an invoice that decodes as regtest BOLT11 with its amount, and is open', async () => {
    const invoice = await wallet.createInvoice({
      amountSat: 2_100,
      memo: 'Flat white',
      expirySec: 600,
    })
    const decoded = bolt11.decode(invoice.paymentRequest)
    expect(decoded.network?.bech32).toBe('bcrt')
    expect(decoded.satoshis).toBe(2_100)
    expect(decoded.tags.find((t) => t.tagName === 'payment_hash')?.data).toBe(invoice.paymentHash)
    if (backend.carriesMemo) {
      expect(decoded.tags.find((t) => t.tagName === 'description')?.data).toBe('Flat white')
    }
    expect(invoice.expiresAt.getTime()).toBeGreaterThan(Date.now())
    expect((await wallet.lookupInvoice(invoice.paymentHash)).state).toBe('open')
  })

  it('commits an invoice to a description hash where it can', async () => {
    const descriptionHash = createHash('sha256').update('[["text/plain","Tip"]]').digest('hex')
    const create = wallet.createInvoice({ amountSat: 1_500, descriptionHash, expirySec: 600 })
    if (!wallet.capabilities.descriptionHash) {
      await expect(create).rejects.toBeInstanceOf(WalletUnsupportedError)
      return
    }
    const decoded = bolt11.decode((await create).paymentRequest)
    const hashTag = decoded.tags.find((t) => t.tagName === 'purpose_commit_hash')
    expect(hashTag?.data).toBe(descriptionHash)
  })

  it('reports a payment exactly once while watching, and looks it up as settled', async () => {
    const invoice = await wallet.createInvoice({ amountSat: 3_300, memo: 'Cake', expirySec: 600 })
    const watch = watching(wallet, () => [invoice.paymentHash])
    try {
      await watch.ready
      await payFromPayer(invoice.paymentRequest)
      await watch.settled(invoice.paymentHash)
      await sleep(500)
      expect(watch.of(invoice.paymentHash)).toMatchObject([{ amountPaidSat: 3_300 }])
    } finally {
      await watch.stop()
    }
    const status = await wallet.lookupInvoice(invoice.paymentHash)
    expect(status).toMatchObject({ state: 'settled', amountPaidSat: 3_300 })
    expect(status.settledAt).toBeInstanceOf(Date)
  })

  it('finds an invoice paid while nobody watched when a new watcher starts', async () => {
    const invoice = await wallet.createInvoice({ amountSat: 1_200, memo: 'Tea', expirySec: 600 })
    await payFromPayer(invoice.paymentRequest)
    // a fresh instance, as after a restart of the server
    const restarted = await createWalletForBusiness(deps, businessId)
    if (!restarted) throw new Error('the factory made no wallet')
    const watch = watching(restarted, () => [invoice.paymentHash])
    try {
      await watch.ready
      await watch.settled(invoice.paymentHash)
      expect(watch.of(invoice.paymentHash)).toMatchObject([{ amountPaidSat: 1_200 }])
    } finally {
      await watch.stop()
      restarted.close()
    }
  })

  it('lets an unpaid invoice expire', async () => {
    const invoice = await wallet.createInvoice({ amountSat: 1_000, memo: 'Late', expirySec: 1 })
    const decodedExpiry = bolt11.decode(invoice.paymentRequest).timeExpireDate ?? 0
    // Never later than the invoice's own expiry, and at most a moment earlier.
    expect(invoice.expiresAt.getTime()).toBeLessThanOrEqual(decodedExpiry * 1000)
    expect(invoice.expiresAt.getTime()).toBeGreaterThan(decodedExpiry * 1000 - 2_000)
    if (!backend.honoursExpiry) return
    await sleep(Math.max(0, invoice.expiresAt.getTime() - Date.now()) + 150)
    expect((await wallet.lookupInvoice(invoice.paymentHash)).state).toBe('expired')
  })

  it('shows a higher balance after receiving', async () => {
    const before = await totalSat(wallet)
    const invoice = await wallet.createInvoice({ amountSat: 5_000, memo: 'Lunch', expirySec: 600 })
    await payFromPayer(invoice.paymentRequest)
    await until(
      () => totalSat(wallet),
      (sat) => sat >= before + 5_000,
      'the balance to rise',
    )
    expect(await totalSat(wallet)).toBe(before + 5_000)
  })

  describe.runIf(backend.senders.includes('lightning'))('Lightning sender', () => {
    it('pays an invoice within its fee limit, follows it, and refuses to pay it twice', async () => {
      const sender = wallet.lightningSender
      if (!sender) throw new Error('no Lightning sender')
      const payerInvoice = net.simnet.world.payer.addInvoice({
        valueMsat: 4_000_000,
        memo: 'Refund',
      })
      const sentAt = new Date()
      const input = {
        paymentRequest: payerInvoice.paymentRequest,
        paymentHash: payerInvoice.paymentHash,
        feeLimitSat: lightningFeeLimitSat(4_000),
        timeoutSec: 30,
        sentAt,
      }
      const paid = await sender.send(input)
      expect(paid).toMatchObject({ status: 'succeeded', failureReason: null })
      expect(paid.feeSat).toBeGreaterThanOrEqual(0)
      expect(paid.feeSat).toBeLessThanOrEqual(lightningFeeLimitSat(4_000))
      const preimage = Buffer.from(paid.preimage ?? '', 'hex')
      expect(createHash('sha256').update(preimage).digest('hex')).toBe(payerInvoice.paymentHash)
      expect(net.simnet.world.payer.lookupInvoice(payerInvoice.paymentHash)?.state).toBe('SETTLED')
      expect(await sender.track(payerInvoice.paymentHash, undefined, sentAt)).toMatchObject({
        status: 'succeeded',
      })

      const again = await sender.send({ ...input, sentAt: new Date() })
      expect(again).toMatchObject({ status: 'failed', preimage: null })
      expect(again.failureReason).toBeTruthy()
    })
  })

  it('receives on-chain at a fresh address, with confirmations', async () => {
    const addresses = wallet.addresses
    if (!addresses) return
    const address = await addresses.newAddress()
    expect(validate(address, Network.regtest)).toBe(true)
    expect(await addresses.receipts(address)).toEqual([])
    const sent = await net.control<{ txid: string }>('POST', '/send', {
      address,
      amountSat: 25_000,
    })
    // seen in the mempool, then confirmed
    expect(
      await until(
        () => addresses.receipts(address),
        (r) => r.length > 0,
        'a receipt',
      ),
    ).toEqual([{ txid: sent.txid, amountSat: 25_000, confirmations: 0 }])
    net.simnet.world.chain.mine(backend.blocksToConfirm)
    const receipts = await until(
      () => addresses.receipts(address),
      (r) => r.some((x) => x.confirmations > 0),
      'a confirmed receipt',
    )
    expect(receipts).toEqual([{ txid: sent.txid, amountSat: 25_000, confirmations: 1 }])
  })

  describe.runIf(backend.senders.includes('onchain'))('on-chain sender', () => {
    it('prices a send, sends it with its label and finds it again; a refusal is failed', async () => {
      const sender = wallet.onchainSender
      if (!sender) throw new Error('no on-chain sender')
      const satPerVbyte = await sender.feeRate(6)
      expect(satPerVbyte).toBeGreaterThanOrEqual(1)
      const to = net.simnet.world.chain.newAddress('payer')
      const quote = await sender.quote({ address: to, amountSat: 10_000, satPerVbyte })
      expect(quote).toMatchObject({ amountSat: 10_000, sendAll: false })
      expect(quote.feeSat).toBeGreaterThan(0)
      const label = `contract-${randomUUID()}`
      expect(await sender.find(label)).toBeNull()
      const sent = await sender.send({
        address: to,
        amountSat: 10_000,
        sendAll: false,
        satPerVbyte,
        label,
      })
      if (sent.status !== 'succeeded') throw new Error(`not sent: ${sent.failureReason}`)
      expect(await sender.find(label)).toMatchObject({ txid: sent.txid })
      const tx = net.simnet.world.chain.getTx(sent.txid)
      expect(tx?.vout.filter((o) => o.address === to).map((o) => o.valueSat)).toEqual([10_000])

      const tooMuch = await sender.send({
        address: to,
        amountSat: 2_100_000_000_000_000,
        sendAll: false,
        satPerVbyte,
        label: `contract-${randomUUID()}`,
      })
      expect(tooMuch.status).toBe('failed')
    })
  })

  describe.runIf(backend.senders.includes('registered'))(
    'withdrawals to registered destinations',
    () => {
      it('lists a registered destination, quotes and withdraws to it; an unknown key is refused', async () => {
        const exchange = wallet.registeredWithdrawals
        if (!exchange || !wallet.addresses) throw new Error('no registered withdrawals')
        // more than the exchange's least on-chain withdrawal, deposited and credited
        const before = (await wallet.sendableBalance()).onchainSat
        const deposit = await wallet.addresses.newAddress()
        await net.control('POST', '/send', { address: deposit, amountSat: 100_000 })
        net.simnet.world.chain.mine(backend.blocksToConfirm)
        await until(
          () => wallet.sendableBalance(),
          (b) => b.onchainSat >= before + 100_000,
          'the deposit to be credited',
        )
        const to = net.simnet.world.chain.newAddress('payer')
        await registerOnExchange(net, businessId, 'Contract savings', to)
        expect(await exchange.destinations()).toContainEqual({
          key: 'Contract savings',
          rail: 'onchain',
          address: to,
        })
        const quote = await exchange.quote('Contract savings', 60_000)
        expect(quote.feeSat).toBeGreaterThan(0)
        expect(quote.maxSat).toBeGreaterThanOrEqual(60_000)
        const sent = await exchange.withdraw({
          key: 'Contract savings',
          amountSat: 60_000,
          feeSat: quote.feeSat,
        })
        if (sent.status !== 'sent') throw new Error(`not sent: ${sent.failureReason}`)
        const state = await exchange.state({ refid: sent.refid })
        expect(state).toMatchObject({ refid: sent.refid })
        expect(state?.status).not.toBe('failed')

        const refused = await exchange.withdraw({
          key: 'No such key',
          amountSat: 60_000,
          feeSat: quote.feeSat,
        })
        expect(refused).toMatchObject({ status: 'failed' })
      })
    },
  )
})
