import { sha256 } from '@noble/hashes/sha2.js'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import type { KeyRing } from '../api'
import type { Hex } from '../chain-api'
import type { InvoiceOptions, LnChannel, LnInvoice, LnNode, LnPayment } from '../lightning-api'
import { LightningError } from '../lightning-api'
import { Emitter } from '../events'
import { DEFAULT_EXPIRY_SEC, type InvoiceFields, encodeInvoice } from './bolt11'
import type { NodeRecord } from './state'

type NodeEvents = { invoice: [LnInvoice]; payment: [LnPayment]; channel: [LnChannel] }

/** An invoice checked and given its keys, waiting for its signed payment request. */
interface InvoiceDraft {
  fields: InvoiceFields
  preimage: Hex
}

/** What a node needs from the network it lives in. */
export interface NodeContext {
  nowMs(): number
  save(): void
  /** The record at `index` of the node's `kind` is new or changed: keep it in the journal. */
  journal(node: SimNode, kind: 'invoices' | 'payments', index: number, value: object): void
  invoiceAdded(node: SimNode, invoice: LnInvoice): void
  /** Encodes and signs an invoice off this thread (or on it, when that is not possible). */
  encodeElsewhere(fields: InvoiceFields): Promise<string>
  invoiceClosed(invoice: LnInvoice): void
  pay(
    node: SimNode,
    paymentRequest: string,
    opts: { amountMsat?: number; feeLimitSat?: number },
  ): LnPayment
  channelsOf(nodeId: string): LnChannel[]
  openChannel(node: SimNode, peerPubkey: Hex, localFundingSat: number, pushSat: number): LnChannel
}

const toHex = (b: Uint8Array) => Buffer.from(b).toString('hex')

/** A Lightning node: its keys, invoices and payments; channels live in the network. */
export class SimNode implements LnNode {
  readonly pubkey: Hex
  readonly privateKeyHex: Hex
  readonly events = new Emitter<NodeEvents>()
  private readonly invoiceByHash = new Map<Hex, LnInvoice>()
  private readonly paymentByHash = new Map<Hex, LnPayment>()
  /** Invoices drafted so far: each draft's keys come from its own number. */
  private drafted: number

  constructor(
    readonly record: NodeRecord,
    private readonly keys: KeyRing,
    private readonly ctx: NodeContext,
  ) {
    const priv = keys.privateKey(`node:${record.id}`)
    this.privateKeyHex = toHex(priv)
    this.pubkey = toHex(secp256k1.getPublicKey(priv, true))
    for (const inv of record.invoices) this.invoiceByHash.set(inv.paymentHash, inv)
    // After a restart, draft numbers carry on from the recorded invoices, as add indexes do.
    this.drafted = record.invoices.length
    for (const p of record.payments) this.paymentByHash.set(p.paymentHash, p)
  }

  get id(): string {
    return this.record.id
  }
  get alias(): string {
    return this.record.alias
  }

  on(event: 'invoice', fn: (inv: LnInvoice) => void): () => void
  on(event: 'payment', fn: (p: LnPayment) => void): () => void
  on(event: 'channel', fn: (c: LnChannel) => void): () => void
  on(event: keyof NodeEvents, fn: (...args: never[]) => void): () => void {
    return this.events.onUntyped(event, fn)
  }

  /** Makes, signs and records an invoice on this thread. */
  addInvoice(opts: InvoiceOptions): LnInvoice {
    const draft = this.draftInvoice(opts)
    return this.recordInvoice(draft, encodeInvoice(draft.fields))
  }

  /**
   * The same, signing on another thread: what the node's RPC surfaces use, so that a busy node
   * keeps serving while its invoices are signed. The invoice exists once the promise resolves.
   */
  async addInvoiceAsync(opts: InvoiceOptions): Promise<LnInvoice> {
    const draft = this.draftInvoice(opts)
    return this.recordInvoice(draft, await this.ctx.encodeElsewhere(draft.fields))
  }

  private draftInvoice(opts: InvoiceOptions): InvoiceDraft {
    const valueMsat = opts.valueMsat
    if (!Number.isSafeInteger(valueMsat) || valueMsat < 0)
      throw new LightningError('invalid amount')
    const memo = opts.memo ?? ''
    if (Buffer.byteLength(memo) > 639) throw new LightningError('memo too large')
    const descriptionHash = opts.descriptionHash ? opts.descriptionHash.toLowerCase() : null
    if (descriptionHash !== null && !/^[0-9a-f]{64}$/.test(descriptionHash)) {
      throw new LightningError('description hash is 32 bytes')
    }
    const expirySec = opts.expirySec || DEFAULT_EXPIRY_SEC
    if (!Number.isSafeInteger(expirySec) || expirySec < 0)
      throw new LightningError('invalid expiry')
    const number = ++this.drafted
    const preimage = this.keys.bytes(`ln:preimage:${this.id}:${number}`, 32)
    return {
      preimage: toHex(preimage),
      fields: {
        privateKeyHex: this.privateKeyHex,
        paymentHash: toHex(sha256(preimage)),
        paymentAddr: toHex(this.keys.bytes(`ln:payaddr:${this.id}:${number}`, 32)),
        valueMsat,
        memo,
        descriptionHash,
        expirySec,
        timestamp: Math.floor(this.ctx.nowMs() / 1000),
      },
    }
  }

  /** Adds a signed invoice to the node, next in add order. */
  private recordInvoice({ fields, preimage }: InvoiceDraft, paymentRequest: string): LnInvoice {
    const addIndex = this.record.invoices.length + 1
    const invoice: LnInvoice = {
      paymentHash: fields.paymentHash,
      preimage,
      paymentAddr: fields.paymentAddr,
      paymentRequest,
      memo: fields.memo,
      descriptionHash: fields.descriptionHash,
      valueMsat: fields.valueMsat,
      createdAt: fields.timestamp,
      expirySec: fields.expirySec,
      state: 'OPEN',
      settledAt: null,
      amtPaidMsat: 0,
      addIndex,
      settleIndex: 0,
    }
    this.record.invoices.push(invoice)
    this.invoiceByHash.set(invoice.paymentHash, invoice)
    this.ctx.invoiceAdded(this, invoice)
    // An invoice changes only when it settles or is canceled; both write it again.
    this.ctx.journal(this, 'invoices', addIndex - 1, invoice)
    this.events.emit('invoice', invoice)
    return invoice
  }

  /** Turns an OPEN invoice past its expiry into CANCELED; true when it changed. */
  expireIfDue(invoice: LnInvoice, nowSec = Math.floor(this.ctx.nowMs() / 1000)): boolean {
    if (invoice.state !== 'OPEN' || nowSec < invoice.createdAt + invoice.expirySec) return false
    invoice.state = 'CANCELED'
    this.ctx.invoiceClosed(invoice)
    this.ctx.journal(this, 'invoices', invoice.addIndex - 1, invoice)
    this.events.emit('invoice', invoice)
    return true
  }

  lookupInvoice(paymentHash: Hex): LnInvoice | undefined {
    const invoice = this.invoiceByHash.get(paymentHash.toLowerCase())
    if (invoice) this.expireIfDue(invoice)
    return invoice
  }

  invoices(): LnInvoice[] {
    return this.record.invoices
  }

  cancelInvoice(paymentHash: Hex): LnInvoice {
    const invoice = this.lookupInvoice(paymentHash)
    if (!invoice) throw new LightningError('unable to locate invoice')
    if (invoice.state === 'SETTLED') throw new LightningError('invoice already settled')
    if (invoice.state === 'CANCELED') return invoice
    invoice.state = 'CANCELED'
    this.ctx.invoiceClosed(invoice)
    this.ctx.journal(this, 'invoices', invoice.addIndex - 1, invoice)
    this.events.emit('invoice', invoice)
    return invoice
  }

  /** Marks an invoice paid; called by the network when a payment reaches this node. */
  settle(invoice: LnInvoice, amountMsat: number): void {
    invoice.state = 'SETTLED'
    invoice.amtPaidMsat = amountMsat
    invoice.settledAt = Math.floor(this.ctx.nowMs() / 1000)
    invoice.settleIndex = ++this.record.settleIndex
    this.ctx.invoiceClosed(invoice)
    this.ctx.journal(this, 'invoices', invoice.addIndex - 1, invoice)
    this.events.emit('invoice', invoice)
  }

  pay(
    paymentRequest: string,
    opts: { amountMsat?: number; feeLimitSat?: number } = {},
  ): Promise<LnPayment> {
    try {
      return Promise.resolve(this.ctx.pay(this, paymentRequest, opts))
    } catch (err) {
      return Promise.reject(err instanceof Error ? err : new Error(String(err)))
    }
  }

  /** Records a new payment attempt (or a retry of a failed one) and reports it. */
  recordPayment(payment: LnPayment): LnPayment {
    const existing = this.paymentByHash.get(payment.paymentHash)
    if (existing) {
      Object.assign(existing, payment, { paymentIndex: existing.paymentIndex })
      this.journalIfFinal(existing)
      this.events.emit('payment', { ...existing })
      return existing
    }
    payment.paymentIndex = this.record.payments.length + 1
    this.record.payments.push(payment)
    this.paymentByHash.set(payment.paymentHash, payment)
    this.journalIfFinal(payment)
    this.events.emit('payment', { ...payment })
    return payment
  }

  /** Reports a change to a recorded payment. */
  paymentChanged(payment: LnPayment): void {
    this.journalIfFinal(payment)
    this.events.emit('payment', { ...payment })
  }

  /** A succeeded payment never changes again (a failed one may be retried: it stays in snapshots). */
  private journalIfFinal(payment: LnPayment): void {
    if (payment.status === 'SUCCEEDED') {
      this.ctx.journal(this, 'payments', payment.paymentIndex - 1, payment)
    }
  }

  payments(): LnPayment[] {
    return this.record.payments
  }

  lookupPayment(paymentHash: Hex): LnPayment | undefined {
    return this.paymentByHash.get(paymentHash.toLowerCase())
  }

  channels(): LnChannel[] {
    return this.ctx.channelsOf(this.id)
  }

  openChannel(peerPubkey: Hex, opts: { localFundingSat: number; pushSat?: number }): LnChannel {
    return this.ctx.openChannel(this, peerPubkey, opts.localFundingSat, opts.pushSat ?? 0)
  }
}
