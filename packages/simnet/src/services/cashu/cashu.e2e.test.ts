/**
 * The mint end to end with the real cashu-ts wallet: mint over Lightning, send, receive cashuB
 * and cashuA tokens, melt to another node, and the errors a wallet sees.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  Amount,
  Wallet,
  getEncodedToken,
  isMintOperationError,
  sumProofs,
  type Proof,
} from '@cashu/cashu-ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LnNode } from '../../world/lightning-api'
import { proofY } from './keysets'
import { startMintHarness, type MintHarness } from './test-support'

let h: MintHarness
let dataDir: string

async function mintCodeOf(promise: Promise<unknown>): Promise<number | undefined> {
  try {
    await promise
  } catch (err) {
    if (isMintOperationError(err)) return err.code
    throw err
  }
  return undefined
}

async function post(path: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${h.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: res.status, json: await res.json() }
}

const total = (proofs: Proof[]): number => sumProofs(proofs).toNumber()

async function walletWithProofs(amountSat: number): Promise<{ wallet: Wallet; proofs: Proof[] }> {
  const wallet = new Wallet(h.mintUrl, { unit: 'sat' })
  await wallet.loadMint()
  const quote = await wallet.createMintQuoteBolt11(amountSat)
  const payment = await h.world.payer.pay(quote.request)
  expect(payment.status).toBe('SUCCEEDED')
  return { wallet, proofs: await wallet.mintProofsBolt11(amountSat, quote.quote) }
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'simnet-cashu-'))
  h = await startMintHarness(dataDir)
})

afterAll(async () => {
  await h?.close()
  await rm(dataDir, { recursive: true, force: true })
})

describe('cashu mint with the cashu-ts wallet', () => {
  it('advertises NUT-04/05/07/12 and a sat keyset with its fee', async () => {
    const info = (await (await fetch(`${h.mintUrl}/v1/info`)).json()) as {
      nuts: Record<string, { supported?: boolean; disabled?: boolean }>
    }
    expect(info.nuts['4']?.disabled).toBe(false)
    expect(info.nuts['5']?.disabled).toBe(false)
    expect(info.nuts['7']?.supported).toBe(true)
    expect(info.nuts['12']?.supported).toBe(true)
    const control = (await (await fetch(`${h.baseUrl}/control/cashu/info`)).json()) as {
      mintUrl: string
      keysetIds: string[]
      feePpk: number
    }
    expect(control.mintUrl).toBe(h.mintUrl)
    const services = (await (await fetch(`${h.baseUrl}/control/services`)).json()) as {
      cashu: unknown
    }
    expect(services.cashu).toEqual(control)
    expect(control.feePpk).toBe(100)
    const keysets = (await (await fetch(`${h.mintUrl}/v1/keysets`)).json()) as {
      keysets: { id: string; unit: string; active: boolean; input_fee_ppk: number }[]
    }
    expect(keysets.keysets).toEqual([
      { id: control.keysetIds[0], unit: 'sat', active: true, input_fee_ppk: 100 },
    ])
  })

  it('mints after the payer pays the quote invoice, once only', async () => {
    const wallet = new Wallet(h.mintUrl, { unit: 'sat' })
    await wallet.loadMint()
    const quote = await wallet.createMintQuoteBolt11(1000)
    expect(quote.state).toBe('UNPAID')
    expect(quote.request).toMatch(/^lnbcrt10u1/)
    expect(await mintCodeOf(wallet.mintProofsBolt11(1000, quote.quote))).toBe(20001)
    await h.world.payer.pay(quote.request)
    expect((await wallet.checkMintQuoteBolt11(quote.quote)).state).toBe('PAID')
    const proofs = await wallet.mintProofsBolt11(1000, quote.quote)
    expect(total(proofs)).toBe(1000)
    expect(proofs.every((p) => p.dleq)).toBe(true)
    expect((await wallet.checkMintQuoteBolt11(quote.quote)).state).toBe('ISSUED')
    expect(await mintCodeOf(wallet.mintProofsBolt11(1000, quote.quote))).toBe(20002)
  })

  it('sends with a split, and a receiver redeems the cashuB token minus input fees', async () => {
    const { wallet, proofs } = await walletWithProofs(1000)
    const { keep, send } = await wallet.send(300, proofs)
    expect(total(send)).toBe(300)
    // 1000 in 6 inputs pays ceil(600 / 1000) = 1 sat to the mint
    expect(total(keep)).toBe(1000 - 300 - 1)
    const token = getEncodedToken({ mint: h.mintUrl, proofs: send, unit: 'sat' })
    expect(token).toMatch(/^cashuB/)
    const receiver = new Wallet(h.mintUrl, { unit: 'sat' })
    await receiver.loadMint()
    const received = await receiver.receive(token)
    const fee = Math.ceil((send.length * 100) / 1000)
    expect(total(received)).toBe(300 - fee)
    // the same token again is a double spend
    expect(await mintCodeOf(receiver.receive(token))).toBe(11001)
    const states = await wallet.checkProofsStates(send)
    expect(states.map((s) => s.state)).toEqual(send.map(() => 'SPENT'))
  })

  it('issues cashuA and cashuB tokens from the control route that wallets receive', async () => {
    const receiver = new Wallet(h.mintUrl, { unit: 'sat' })
    await receiver.loadMint()
    for (const format of ['A', 'B'] as const) {
      const res = await post('/control/cashu/token', { amountSat: 200, format })
      expect(res.status).toBe(200)
      const { token } = res.json as { token: string }
      expect(token.startsWith(`cashu${format}`)).toBe(true)
      const received = await receiver.receive(token)
      expect(total(received)).toBeGreaterThanOrEqual(199)
      expect(total(received)).toBeLessThan(200)
    }
  })

  it('melts ecash to pay another node, returning fee-reserve change', async () => {
    const shop: LnNode = h.world.lightning.createNode('cashu-test-shop')
    const channel = h.world.lightning.openChannelFromLsp(shop.id, 1_000_000)
    h.world.chain.mine(channel.confirmationsNeeded)
    const before = shop.channels()[0]?.localBalanceSat ?? 0
    const invoice = shop.addInvoice({ valueMsat: 500_000, memo: 'coffee' })
    const { wallet, proofs } = await walletWithProofs(2000)
    const quote = await wallet.createMeltQuoteBolt11(invoice.paymentRequest)
    expect(quote.amount.toNumber()).toBe(500)
    expect(quote.fee_reserve.toNumber()).toBe(5)
    const needed = quote.amount.add(quote.fee_reserve)
    const { send, keep } = await wallet.send(needed, proofs, { includeFees: true })
    const melted = await wallet.meltProofsBolt11(quote, send)
    expect(melted.quote.state).toBe('PAID')
    expect(melted.quote.payment_preimage).toBe(shop.lookupInvoice(invoice.paymentHash)?.preimage)
    expect(shop.lookupInvoice(invoice.paymentHash)?.state).toBe('SETTLED')
    expect((shop.channels()[0]?.localBalanceSat ?? 0) - before).toBe(500)
    // the routing fee came out of the reserve; the rest came back as change
    const inputFee = Math.ceil((send.length * 100) / 1000)
    const routingFee = Math.ceil(
      (h.world.lightning.node('mint')?.lookupPayment(invoice.paymentHash)?.feeMsat ?? 0) / 1000,
    )
    expect(total(melted.change)).toBe(total(send) - inputFee - 500 - routingFee)
    expect(total(keep)).toBeGreaterThan(0)
    expect(await mintCodeOf(wallet.createMeltQuoteBolt11(invoice.paymentRequest))).toBe(20006)
  })

  it('settles a melt to its own mint quote internally, with no fee reserve', async () => {
    const minter = new Wallet(h.mintUrl, { unit: 'sat' })
    await minter.loadMint()
    const mintQuote = await minter.createMintQuoteBolt11(100)
    const { wallet, proofs } = await walletWithProofs(300)
    const meltQuote = await wallet.createMeltQuoteBolt11(mintQuote.request)
    expect(meltQuote.fee_reserve.toNumber()).toBe(0)
    const { send } = await wallet.send(100, proofs, { includeFees: true })
    const melted = await wallet.meltProofsBolt11(meltQuote, send)
    expect(melted.quote.state).toBe('PAID')
    expect((await minter.checkMintQuoteBolt11(mintQuote.quote)).state).toBe('PAID')
    expect(total(await minter.mintProofsBolt11(100, mintQuote.quote))).toBe(100)
    // the invoice can no longer be paid over Lightning
    await expect(h.world.payer.pay(mintQuote.request)).resolves.toMatchObject({ status: 'FAILED' })
  })

  it('answers 20004 when the payment fails and leaves the inputs spendable', async () => {
    const island = h.world.lightning.createNode('cashu-test-island')
    const invoice = island.addInvoice({ valueMsat: 100_000 })
    const { wallet, proofs } = await walletWithProofs(200)
    const quote = await wallet.createMeltQuoteBolt11(invoice.paymentRequest)
    const { send } = await wallet.send(quote.amount.add(quote.fee_reserve), proofs, {
      includeFees: true,
    })
    expect(await mintCodeOf(wallet.meltProofsBolt11(quote, send))).toBe(20004)
    expect((await wallet.checkMeltQuoteBolt11(quote.quote)).state).toBe('UNPAID')
    const states = await wallet.checkProofsStates(send)
    expect(states.every((s) => s.state === 'UNSPENT')).toBe(true)
  })

  it('refuses mint quotes outside the advertised amount range with 11006', async () => {
    for (const amount of [0, 10_000_001]) {
      const res = await post('/cashu/v1/mint/quote/bolt11', { amount, unit: 'sat' })
      expect(res.status).toBe(400)
      expect(res.json).toMatchObject({ code: 11006 })
    }
    const usd = await post('/cashu/v1/mint/quote/bolt11', { amount: 5, unit: 'usd' })
    expect(usd.json).toMatchObject({ code: 11013 })
  })

  it('rejects unbalanced swaps (11005) and unknown keysets (12001) over HTTP', async () => {
    const { wallet, proofs } = await walletWithProofs(64)
    const keysetId = proofs[0]!.id
    const inputs = proofs.map((p) => ({
      id: p.id,
      amount: p.amount.toNumber(),
      secret: p.secret,
      C: p.C,
    }))
    const outputs = [{ id: keysetId, amount: 64, B_: '02' + 'aa'.repeat(32) }]
    const unbalanced = await post('/cashu/v1/swap', { inputs, outputs })
    expect(unbalanced.status).toBe(400)
    expect((unbalanced.json as { code: number }).code).toBe(11005)
    const unknownId = '01' + '00'.repeat(32)
    const unknown = await post('/cashu/v1/swap', {
      inputs: inputs.map((p) => ({ ...p, id: unknownId })),
      outputs: [{ ...outputs[0], id: unknownId, amount: 63 }],
    })
    expect(unknown.json).toMatchObject({ code: 12001 })
    const keys = await fetch(`${h.mintUrl}/v1/keys/${unknownId}`)
    expect(keys.status).toBe(400)
    expect(await keys.json()).toMatchObject({ code: 12001 })
    // nothing was spent by the failed swaps
    const states = await wallet.checkProofsStates(proofs)
    expect(states.every((s) => s.state === 'UNSPENT')).toBe(true)
    expect(Amount.from(64).toNumber()).toBe(total(proofs))
  })

  it('keeps spent proofs and quotes across a restart', async () => {
    const { proofs } = await walletWithProofs(32)
    const receiver = new Wallet(h.mintUrl, { unit: 'sat' })
    await receiver.loadMint()
    const token = getEncodedToken({ mint: h.mintUrl, proofs, unit: 'sat' })
    await receiver.receive(token)
    const keysetId = proofs[0]!.id
    h = await h.restart()
    const after = (await (await fetch(`${h.baseUrl}/control/cashu/info`)).json()) as {
      keysetIds: string[]
    }
    expect(after.keysetIds).toContain(keysetId)
    const res = await post('/cashu/v1/checkstate', { Ys: proofs.map((p) => proofY(p.secret)) })
    expect((res.json as { states: { state: string }[] }).states.map((s) => s.state)).toEqual(
      proofs.map(() => 'SPENT'),
    )
    const again = new Wallet(h.mintUrl, { unit: 'sat' })
    await again.loadMint()
    expect(await mintCodeOf(again.receive(token))).toBe(11001)
  })

  it('rotates the keyset when the fee changes: old proofs spend, old outputs answer 12002', async () => {
    const { proofs } = await walletWithProofs(16)
    const oldId = proofs[0]!.id
    const res = await post('/control/cashu/keyset', { inputFeePpk: 0 })
    const info = res.json as { keysetIds: string[]; feePpk: number }
    expect(info.feePpk).toBe(0)
    expect(info.keysetIds[0]).not.toBe(oldId)
    expect(info.keysetIds).toContain(oldId)
    const stale = await post('/cashu/v1/swap', {
      inputs: proofs.map((p) => ({ id: p.id, amount: 16, secret: p.secret, C: p.C })),
      outputs: [{ id: oldId, amount: 15, B_: '02' + 'bb'.repeat(32) }],
    })
    expect(stale.json).toMatchObject({ code: 12002 })
    const fresh = new Wallet(h.mintUrl, { unit: 'sat' })
    await fresh.loadMint()
    // /v1/keys lists active keysets only (NUT-01); the wallet needs the old keys to check DLEQs
    await fresh.keyChain.ensureKeysetKeys(oldId)
    const token = getEncodedToken({ mint: h.mintUrl, proofs, unit: 'sat' })
    const received = await fresh.receive(token)
    expect(total(received)).toBe(15) // one input of the old keyset still pays its 100 ppk
    expect(received.every((p) => p.id === info.keysetIds[0])).toBe(true)
  })

  it('restores a seeded wallet’s proofs (NUT-09/13) after a swap whose answer was dropped', async () => {
    const { wallet: payer, proofs } = await walletWithProofs(300)
    const seed = new Uint8Array(64).fill(7)
    const seeded = new Wallet(h.mintUrl, { unit: 'sat', bip39seed: seed })
    await seeded.loadMint()
    const info = (await (await fetch(`${h.mintUrl}/v1/info`)).json()) as {
      nuts: Record<string, { supported?: boolean }>
    }
    expect(info.nuts['9']?.supported).toBe(true)

    const fault = await post('/control/cashu/faults/reply', { route: 'swap', mode: 'drop' })
    expect(fault.status).toBe(200)
    await expect(
      seeded.receive(
        getEncodedToken({ mint: h.mintUrl, proofs, unit: 'sat' }),
        {},
        { type: 'deterministic', counter: 10 },
      ),
    ).rejects.toThrow()
    // The mint did the swap: the payer's proofs are spent.
    const states = await payer.checkProofsStates(proofs)
    expect(states.every((s) => s.state === 'SPENT')).toBe(true)

    // Another wallet from the same seed restores what was signed for those counters, once.
    const again = new Wallet(h.mintUrl, { unit: 'sat', bip39seed: seed })
    await again.loadMint()
    const { proofs: restored, lastCounterWithSignature } = await again.restore(0, 40)
    expect(lastCounterWithSignature).toBeGreaterThanOrEqual(10)
    const fee = seeded.getFeesForProofs(proofs).toNumber()
    expect(total(restored)).toBe(300 - fee)
    const restoredStates = await again.checkProofsStates(restored)
    expect(restoredStates.every((s) => s.state === 'UNSPENT')).toBe(true)
    // Nothing was signed for counters never used.
    expect((await again.restore(100, 20)).proofs).toEqual([])
  })
})
