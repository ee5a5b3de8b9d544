import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import bolt11 from 'bolt11'
import { decode as lightDecode } from 'light-bolt11-decoder'
import { validate, Network } from 'bitcoin-address-validation'
import { afterEach, describe, expect, it } from 'vitest'
import { PAYER_ID, createWorld, type SimWorld } from './index'
import type { ManagedPersistence } from './persistence'

const dirs: string[] = []
const worlds: SimWorld[] = []
async function makeWorld(dir = mkdtempSync(join(tmpdir(), 'simnet-world-'))) {
  dirs.push(dir)
  const world = await createWorld({ dataDir: dir, seed: 'test-seed', timeScale: 0.001 })
  worlds.push(world)
  return world
}

/** Merchant node m1 with a channel from the provider, so it can receive. */
function receivingNode(world: SimWorld) {
  const node = world.lightning.createNode('m1')
  world.lightning.openChannelFromLsp('m1', 1_000_000)
  world.chain.mine(3)
  return node
}

afterEach(async () => {
  for (const w of worlds.splice(0)) await w.close()
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

describe('world', () => {
  it('starts with a funded payer and open channels to the provider both ways', async () => {
    const world = await makeWorld()
    expect(world.chain.tipHeight()).toBeGreaterThan(100)
    expect(world.chain.balance(PAYER_ID).confirmedSat).toBeGreaterThan(10_0000_0000)
    const channels = world.payer.channels()
    expect(channels.filter((c) => c.state === 'open')).toHaveLength(2)
    for (const c of channels) {
      expect(c.localBalanceSat + c.remoteBalanceSat + c.reserveSat).toBe(c.capacitySat)
    }
  })

  it('hands out real regtest addresses', async () => {
    const world = await makeWorld()
    const address = world.chain.newAddress('merchant-1')
    expect(address.startsWith('bcrt1q')).toBe(true)
    expect(validate(address, Network.regtest)).toBe(true)
    expect(world.chain.ownerOf(address)).toBe('merchant-1')
  })

  it('issues signed lnbcrt invoices that real decoders verify', async () => {
    const world = await makeWorld()
    const node = world.lightning.createNode('m1')
    const inv = node.addInvoice({ valueMsat: 21_000, memo: 'coffee' })
    expect(inv.paymentRequest.startsWith('lnbcrt210n1')).toBe(true)
    const decoded = bolt11.decode(inv.paymentRequest)
    expect(decoded.payeeNodeKey).toBe(node.pubkey)
    expect(decoded.tagsObject.payment_hash).toBe(inv.paymentHash)
    const light = lightDecode(inv.paymentRequest)
    expect(light.sections.find((s) => s.name === 'description')?.value).toBe('coffee')
  })

  it('pays an invoice across the provider and moves balances', async () => {
    const world = await makeWorld()
    const node = receivingNode(world)
    const inv = node.addInvoice({ valueMsat: 50_000_000 })
    const seen: string[] = []
    node.on('invoice', (i) => seen.push(i.state))
    const payment = await world.payer.pay(inv.paymentRequest)
    expect(payment.status).toBe('SUCCEEDED')
    expect(payment.preimage).toBe(inv.preimage)
    expect(seen).toEqual(['SETTLED'])
    expect(node.channels()[0]!.localBalanceSat).toBe(50_000)
    await expect(world.payer.pay(inv.paymentRequest)).rejects.toThrow('invoice is already paid')
  })

  it('reports routing failures like lnd', async () => {
    const world = await makeWorld()
    const node = world.lightning.createNode('m1')
    const noChannel = node.addInvoice({ valueMsat: 1_000_000 })
    expect((await world.payer.pay(noChannel.paymentRequest)).failureReason).toBe(
      'FAILURE_REASON_NO_ROUTE',
    )
    world.lightning.openChannelFromLsp('m1', 1_000_000)
    world.chain.mine(3)
    const tooBig = world.payer.addInvoice({ valueMsat: 900_000_000 })
    expect((await node.pay(tooBig.paymentRequest)).failureReason).toBe(
      'FAILURE_REASON_INSUFFICIENT_BALANCE',
    )
    const other = world.lightning.createNode('m2')
    const paid = node.addInvoice({ valueMsat: 1_000 })
    await other.pay(paid.paymentRequest).catch(() => null)
    await world.payer.pay(paid.paymentRequest)
    const third = world.lightning.createNode('m3')
    world.lightning.openChannelFromLsp('m3', 1_000_000, 500_000)
    world.chain.mine(3)
    expect((await third.pay(paid.paymentRequest)).failureReason).toBe(
      'FAILURE_REASON_INCORRECT_PAYMENT_DETAILS',
    )
  })

  it("matches a node's first channel to the provider with inbound liquidity", async () => {
    const world = await makeWorld()
    const node = world.lightning.createNode('m1')
    world.chain.faucet(world.chain.newAddress('m1'), 1_000_000)
    world.chain.mine(1)
    const own = node.openChannel(world.lightning.lsp.pubkey, { localFundingSat: 400_000 })
    const before = node.addInvoice({ valueMsat: 10_000_000 })
    expect((await world.payer.pay(before.paymentRequest)).failureReason).toBe(
      'FAILURE_REASON_NO_ROUTE',
    )
    world.chain.mine(3)
    const channels = node.channels()
    expect(channels).toHaveLength(2)
    const inbound = channels.find((c) => c.channelPoint !== own.channelPoint)!
    expect(inbound).toMatchObject({ state: 'open', isInitiator: false, capacitySat: 400_000 })
    expect(inbound.remoteBalanceSat).toBe(400_000 - inbound.reserveSat)
    expect(BigInt(inbound.chanId) >> 40n).toBeGreaterThanOrEqual(16_000_000n)

    const sale = node.addInvoice({ valueMsat: 25_000_000 })
    expect((await world.payer.pay(sale.paymentRequest)).status).toBe('SUCCEEDED')
    const sum = (c: { localBalanceSat: number; remoteBalanceSat: number }) =>
      c.localBalanceSat + c.remoteBalanceSat
    const after = node.channels()
    expect(after.reduce((s, c) => s + sum(c), 0)).toBe(channels.reduce((s, c) => s + sum(c), 0))
    expect(after.find((c) => c.channelPoint === inbound.channelPoint)!.localBalanceSat).toBe(25_000)

    // A second channel to the provider is not matched again.
    node.openChannel(world.lightning.lsp.pubkey, { localFundingSat: 100_000 })
    world.chain.mine(3)
    expect(node.channels()).toHaveLength(3)
  })

  it('fails or holds the next channel opening when asked', async () => {
    const world = await makeWorld()
    world.lightning.createNode('m1')
    world.lightning.setNextChannelOpen('fail')
    const failed = world.lightning.openChannelFromLsp('m1', 500_000)
    world.lightning.setNextChannelOpen('manual')
    const manual = world.lightning.openChannelFromLsp('m1', 500_000)
    world.chain.mine(3)
    const byPoint = new Map(world.lightning.channelsOf('m1').map((c) => [c.channelPoint, c]))
    expect(byPoint.get(failed.channelPoint)).toMatchObject({ state: 'closed', openIssue: 'failed' })
    expect(byPoint.get(manual.channelPoint)).toMatchObject({
      state: 'pending_open',
      openIssue: 'manual_processing',
    })
    world.lightning.resolveChannelOpen(manual.channelPoint, 'open')
    expect(
      world.lightning.channelsOf('m1').find((c) => c.channelPoint === manual.channelPoint)?.state,
    ).toBe('open')
  })

  it('survives a restart with identical state', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'simnet-world-'))
    const first = await makeWorld(dir)
    const node = first.lightning.createNode('m1')
    node.addInvoice({ valueMsat: 5_000 })
    const address = first.chain.newAddress('m1')
    first.chain.send(PAYER_ID, [{ address, amountSat: 100_000 }], { feeRateSatPerVbyte: 2 })
    const snapshot = {
      tip: first.chain.tipHash(),
      invoices: node.invoices(),
      balance: first.chain.balance('m1'),
      channels: first.payer.channels(),
    }
    await first.close()
    worlds.splice(0)
    const second = await createWorld({ dataDir: dir, seed: 'test-seed' })
    worlds.push(second)
    expect(second.chain.tipHash()).toBe(snapshot.tip)
    expect(second.lightning.node('m1')?.invoices()).toEqual(snapshot.invoices)
    expect(second.chain.balance('m1')).toEqual(snapshot.balance)
    expect(second.payer.channels()).toEqual(snapshot.channels)
    expect(second.lightning.node('m1')?.pubkey).toBe(node.pubkey)
  })

  it('keeps invoices and payments in the journal, out of the snapshot, across restarts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'simnet-world-'))
    const first = await makeWorld(dir)
    const node = receivingNode(first)
    const paid = node.addInvoice({ valueMsat: 7_000_000, memo: 'sealed' })
    const open = node.addInvoice({ valueMsat: 1_000, memo: 'still open' })
    expect((await first.payer.pay(paid.paymentRequest)).status).toBe('SUCCEEDED')
    const before = {
      invoices: structuredClone(node.invoices()),
      payment: structuredClone(first.payer.lookupPayment(paid.paymentHash)),
    }
    await first.close()
    worlds.splice(0)
    const snapshot = readFileSync(join(dir, 'world.json'), 'utf8')
    expect(snapshot).not.toContain(paid.paymentRequest)
    expect(snapshot).not.toContain(open.paymentRequest)
    const journal = readFileSync(join(dir, 'journal.jsonl'), 'utf8')
    expect(journal).toContain(paid.paymentRequest)
    expect(journal).toContain(open.paymentRequest)

    expect(snapshot).toContain('"invoices":[null,null]')
    for (let round = 0; round < 2; round++) {
      const again = await createWorld({ dataDir: dir, seed: 'test-seed' })
      worlds.push(again)
      expect(again.lightning.node('m1')?.invoices()).toEqual(before.invoices)
      expect(again.payer.lookupPayment(paid.paymentHash)).toEqual(before.payment)
      expect(again.lightning.node('m1')?.lookupInvoice(paid.paymentHash)?.state).toBe('SETTLED')
      await again.close()
      worlds.splice(0)
    }
  })

  it('writes an open invoice again once it settles after a snapshot', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'simnet-world-'))
    const first = await makeWorld(dir)
    const node = receivingNode(first)
    const invoice = node.addInvoice({ valueMsat: 3_000_000 })
    await (first.persistence as ManagedPersistence).flush() // a snapshot with it open
    expect((await first.payer.pay(invoice.paymentRequest)).status).toBe('SUCCEEDED')
    await first.close()
    worlds.splice(0)
    const again = await createWorld({ dataDir: dir, seed: 'test-seed' })
    worlds.push(again)
    expect(again.lightning.node('m1')?.lookupInvoice(invoice.paymentHash)).toMatchObject({
      state: 'SETTLED',
      amtPaidMsat: 3_000_000,
    })
  })

  it('comes back as the last snapshot saw it when journal lines outlived it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'simnet-world-'))
    const first = await makeWorld(dir)
    const node = first.lightning.createNode('m1')
    const kept = node.addInvoice({ valueMsat: 1_000 })
    await first.close()
    worlds.splice(0)
    // As if the server had written a line and crashed before its next snapshot.
    const late = { ...kept, paymentHash: 'ff'.repeat(32), addIndex: 2 }
    const line = JSON.stringify({ s: 'lightning', p: ['nodes', 'm1', 'invoices', 1], v: late })
    appendFileSync(join(dir, 'journal.jsonl'), `${line}\n{"s":"lightn`)
    const again = await createWorld({ dataDir: dir, seed: 'test-seed' })
    worlds.push(again)
    expect(again.lightning.node('m1')?.invoices()).toEqual([kept])
    expect(readFileSync(join(dir, 'journal.jsonl'), 'utf8')).not.toContain('ff'.repeat(32))
  })
})
