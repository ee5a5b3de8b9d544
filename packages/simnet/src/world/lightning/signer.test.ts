import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import bolt11 from 'bolt11'
import { afterEach, describe, expect, it } from 'vitest'
import { createWorld, type SimWorld } from '../index'
import { type InvoiceFields, encodeInvoice } from './bolt11'
import { InvoiceSigner } from './signer'

const fields = (n: number): InvoiceFields => ({
  privateKeyHex: '22'.repeat(32),
  paymentHash: n.toString(16).padStart(64, '0'),
  paymentAddr: 'cd'.repeat(32),
  valueMsat: 1_000 * n,
  memo: `invoice ${n}`,
  descriptionHash: null,
  expirySec: 3600,
  timestamp: 1_700_000_000 + n,
})

describe('InvoiceSigner', () => {
  const signers: InvoiceSigner[] = []
  afterEach(async () => {
    await Promise.all(signers.splice(0).map((s) => s.close()))
  })

  it('signs on its thread exactly what signing here gives, in the order asked', async () => {
    const signer = new InvoiceSigner()
    signers.push(signer)
    const wanted = Array.from({ length: 40 }, (_, i) => fields(i + 1))
    const signed = await Promise.all(wanted.map((f) => signer.encode(f)))
    expect(signed).toEqual(wanted.map(encodeInvoice))
    // A second round reuses the running thread.
    expect(await signer.encode(fields(99))).toBe(encodeInvoice(fields(99)))
    expect(signer.counts).toEqual({ onWorker: 41, here: 0 })
  })

  it('signs here when its thread stops, losing no invoice', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'signer-'))
    const dying = join(dir, 'dying-worker.mjs')
    writeFileSync(dying, 'process.exit(3)\n')
    const signer = new InvoiceSigner(pathToFileURL(dying))
    signers.push(signer)
    const wanted = [fields(1), fields(2), fields(3)]
    const signed = await Promise.all(wanted.map((f) => signer.encode(f)))
    expect(signed).toEqual(wanted.map(encodeInvoice))
    expect(await signer.encode(fields(4))).toBe(encodeInvoice(fields(4)))
    expect(signer.counts).toEqual({ onWorker: 0, here: 4 })
  })
})

describe('addInvoiceAsync', () => {
  let world: SimWorld | null = null
  afterEach(async () => {
    await world?.close()
    world = null
  })

  it('records signed invoices in add order, mixed with ones signed in place', async () => {
    world = await createWorld({ dataDir: mkdtempSync(join(tmpdir(), 'signer-world-')) })
    const node = world.lightning.createNode('shop', 'shop')
    world.lightning.openChannelFromLsp('shop', 1_000_000)
    world.chain.mine(3)
    const added: number[] = []
    node.on('invoice', (inv) => added.push(inv.addIndex))
    const first = node.addInvoiceAsync({ valueMsat: 1_000, memo: 'first' })
    const here = node.addInvoice({ valueMsat: 2_000, memo: 'here' })
    const rest = await Promise.all([
      first,
      node.addInvoiceAsync({ valueMsat: 3_000, memo: 'third' }),
      node.addInvoiceAsync({ valueMsat: 4_000, memo: 'fourth' }),
    ])
    const all = [here, ...rest]
    expect(new Set(all.map((i) => i.paymentHash)).size).toBe(4)
    expect(node.invoices().map((i) => i.addIndex)).toEqual([1, 2, 3, 4])
    expect(added).toEqual([1, 2, 3, 4])
    for (const inv of all) {
      expect(node.lookupInvoice(inv.paymentHash)).toBe(inv)
      const decoded = bolt11.decode(inv.paymentRequest)
      expect(decoded.payeeNodeKey).toBe(node.pubkey)
      expect(decoded.tagsObject.payment_hash).toBe(inv.paymentHash)
      expect(Number(decoded.millisatoshis)).toBe(inv.valueMsat)
    }
    const paid = await world.payer.pay(rest[1].paymentRequest)
    expect(paid.status).toBe('SUCCEEDED')
    expect(node.lookupInvoice(rest[1].paymentHash)?.state).toBe('SETTLED')
  })

  it('rejects bad input before anything is signed or recorded', async () => {
    world = await createWorld({ dataDir: mkdtempSync(join(tmpdir(), 'signer-world-')) })
    const node = world.lightning.createNode('shop', 'shop')
    await expect(node.addInvoiceAsync({ valueMsat: -1 })).rejects.toThrow('invalid amount')
    await expect(node.addInvoiceAsync({ valueMsat: 1, memo: 'x'.repeat(640) })).rejects.toThrow(
      'memo too large',
    )
    expect(node.invoices()).toHaveLength(0)
  })
})
