import type { KeyRing } from '../api'
import type { Hex } from '../chain-api'
import type {
  ChannelOpenMode,
  DecodedInvoice,
  Lightning,
  LnChannel,
  LnInvoice,
  LnNode,
} from '../lightning-api'
import { LSP_ID } from '../api'
import { LightningError } from '../lightning-api'
import type { SimChain } from '../chain/chain'
import { decodeInvoice } from './bolt11'
import { ChannelBook } from './channels'
import { type NodeContext, SimNode } from './node'
import { executePayment } from './payments'
import type { InvoiceSigner } from './signer'
import type { ChannelRecord, ForwardingFee, LightningState } from './state'

const SWEEP_INTERVAL_MS = 1_000

/** The Lightning network of the world: nodes, channels between them, and payments across them. */
export class SimLightning implements Lightning {
  private readonly byId = new Map<string, SimNode>()
  private readonly byPubkey = new Map<Hex, SimNode>()
  /** Invoices issued in this world, by payment request, so paying one needs no decoding. */
  readonly byRequest = new Map<string, { node: SimNode; invoice: LnInvoice }>()
  private readonly open = new Map<LnInvoice, SimNode>()
  readonly book: ChannelBook
  private readonly sweeper: NodeJS.Timeout
  private readonly ctx: NodeContext

  constructor(
    readonly state: LightningState,
    private readonly keys: KeyRing,
    readonly chain: SimChain,
    readonly save: () => void,
    readonly nowMs: () => number,
    journal: (path: (string | number)[], value: object) => void,
    /** Signs invoices off this thread for `addInvoiceAsync`. */
    signer: InvoiceSigner,
  ) {
    this.book = new ChannelBook(
      state,
      chain,
      (id) => this.requireNode(id),
      (record) => this.channelChanged(record),
      () => Math.floor(nowMs() / 1000),
      (record) => this.matchInbound(record),
    )
    this.ctx = {
      nowMs,
      save,
      journal: (node, kind, index, value) => journal(['nodes', node.id, kind, index], value),
      invoiceAdded: (node, invoice) => {
        this.byRequest.set(invoice.paymentRequest, { node, invoice })
        if (invoice.state === 'OPEN') this.open.set(invoice, node)
      },
      invoiceClosed: (invoice) => this.open.delete(invoice),
      encodeElsewhere: (fields) => signer.encode(fields),
      pay: (node, pr, opts) => executePayment(this, node, pr, opts),
      channelsOf: (id) => this.channelsOf(id),
      openChannel: (node, peerPubkey, funding, push) => {
        const peer = this.byPubkey.get(peerPubkey.toLowerCase())
        if (!peer) throw new LightningError(`peer ${peerPubkey} is not online`)
        return this.viewOf(this.book.open(node.id, peer.id, funding, push), node.id)
      },
    }
    for (const record of Object.values(state.nodes))
      this.attach(new SimNode(record, keys, this.ctx))
    if (!this.byId.has(LSP_ID)) this.createNode(LSP_ID, 'simnet-lsp')
    chain.on('block', () => this.book.onBlock())
    this.sweeper = setInterval(() => this.sweepExpired(), SWEEP_INTERVAL_MS)
    this.sweeper.unref()
  }

  private attach(node: SimNode): void {
    this.byId.set(node.id, node)
    this.byPubkey.set(node.pubkey, node)
    for (const invoice of node.record.invoices) this.ctx.invoiceAdded(node, invoice)
  }

  get lsp(): LnNode {
    return this.requireNode(LSP_ID)
  }

  createNode(id: string, alias?: string): LnNode {
    const existing = this.byId.get(id)
    if (existing) return existing
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(id))
      throw new LightningError('node id must be 1-64 of A-Z a-z 0-9 _ -')
    const record = { id, alias: alias ?? id, invoices: [], payments: [], settleIndex: 0 }
    this.state.nodes[id] = record
    const node = new SimNode(record, this.keys, this.ctx)
    this.attach(node)
    this.save()
    return node
  }

  node(id: string): SimNode | undefined {
    return this.byId.get(id)
  }
  requireNode(id: string): SimNode {
    const node = this.byId.get(id)
    if (!node) throw new LightningError(`unknown node ${id}`)
    return node
  }
  nodeByPubkey(pubkey: Hex): SimNode | undefined {
    return this.byPubkey.get(pubkey.toLowerCase())
  }
  nodes(): LnNode[] {
    return [...this.byId.values()]
  }

  decode(paymentRequest: string): DecodedInvoice {
    return decodeInvoice(paymentRequest)
  }

  openChannelFromLsp(nodeId: string, capacitySat: number, pushSat = 0): LnChannel {
    this.requireNode(nodeId)
    this.fundLsp(capacitySat)
    return this.viewOf(this.book.open(LSP_ID, nodeId, capacitySat, pushSat), LSP_ID)
  }

  /**
   * The provider's liquidity policy: a node's first channel to the LSP is matched at once by a
   * zero-conf channel of the same capacity from the LSP, so the node can receive as much as it
   * can send. Inbound plus outbound then stays constant whatever flows through.
   */
  private matchInbound(record: ChannelRecord): void {
    if (record.peer !== LSP_ID || record.initiator === LSP_ID) return
    const matched = this.book
      .records()
      .some((c) => c.initiator === LSP_ID && c.peer === record.initiator && c.state !== 'closed')
    if (matched) return
    this.fundLsp(record.capacitySat)
    this.book.openZeroConf(LSP_ID, record.initiator, record.capacitySat)
  }

  private fundLsp(amountSat: number): void {
    const balance = this.chain.balance(LSP_ID)
    if (balance.confirmedSat + balance.unconfirmedSat < amountSat + 100_000) {
      // The provider's wallet never runs dry in the simulation.
      this.chain.faucet(this.chain.newAddress(LSP_ID), amountSat + 10_000_000)
    }
  }

  setNextChannelOpen(mode: ChannelOpenMode): void {
    this.state.nextOpen = mode
    this.save()
  }
  nextChannelOpen(): ChannelOpenMode {
    return this.state.nextOpen
  }
  setForwardingFee(nodeId: string, fee: ForwardingFee): void {
    this.requireNode(nodeId)
    this.state.forwardingFees = { ...this.state.forwardingFees, [nodeId]: { ...fee } }
    this.save()
  }
  forwardingFee(nodeId: string): ForwardingFee {
    return this.state.forwardingFees?.[nodeId] ?? { baseMsat: 0, ppm: 0 }
  }
  resolveChannelOpen(channelPoint: string, outcome: 'open' | 'fail'): void {
    this.book.resolve(channelPoint, outcome)
  }
  allChannels(): LnChannel[] {
    return this.book.records().map((r) => this.viewOf(r, r.initiator))
  }

  channelsOf(nodeId: string): LnChannel[] {
    const out: LnChannel[] = []
    for (const r of this.book.records()) {
      if (r.initiator === nodeId || r.peer === nodeId) out.push(this.viewOf(r, nodeId))
    }
    return out
  }

  viewOf(record: ChannelRecord, nodeId: string): LnChannel {
    const remote = record.initiator === nodeId ? record.peer : record.initiator
    return this.book.view(record, nodeId, this.requireNode(remote).pubkey)
  }

  channelChanged(record: ChannelRecord): void {
    this.save()
    for (const id of [record.initiator, record.peer]) {
      this.byId.get(id)?.events.emit('channel', this.viewOf(record, id))
    }
  }

  private sweepExpired(): void {
    const nowSec = Math.floor(this.nowMs() / 1000)
    for (const [invoice, node] of [...this.open]) node.expireIfDue(invoice, nowSec)
  }

  close(): void {
    clearInterval(this.sweeper)
  }
}
