/**
 * NWC connections: each one a wallet key and a client secret from the KeyRing, backed by its own
 * Lightning node with a channel from the LSP. Only public data is persisted: the client secret is
 * derived again from the world seed when a URI is shown.
 */
import { bytesToHex } from '@noble/hashes/utils.js'
import { getPublicKey } from 'nostr-tools/pure'
import type { World } from '../../../world/api'
import type { LnNode } from '../../../world/lightning-api'

const NWC_SECTION = 'nostr.nwc'

/** Inbound room each wallet gets on top of its spendable budget, so it can receive payments. */
const INBOUND_SAT = 1_000_000
const DEFAULT_BUDGET_SAT = 100_000

export interface NwcConnectionRecord {
  index: number
  name: string
  /** spendable balance the LSP pushed to the wallet when the connection was made */
  budgetSat: number
  nodeId: string
  walletPubkey: string
  clientPubkey: string
  /** unix seconds */
  createdAt: number
}

interface NwcSection {
  nextIndex: number
  connections: NwcConnectionRecord[]
  /** payment hash -> unix second the wallet saw the payment succeed */
  paymentSettledAt: Record<string, number>
  /** payment hash -> ms the wallet saw its invoice made: orders it among payments of that second */
  invoiceSeenAtMs: Record<string, number>
}

export class ConnectionBook {
  private readonly section: NwcSection

  constructor(private readonly world: World) {
    this.section = world.persistence.section<NwcSection>(NWC_SECTION, () => ({
      nextIndex: 1,
      connections: [],
      paymentSettledAt: {},
      invoiceSeenAtMs: {},
    }))
    this.section.invoiceSeenAtMs ??= {}
  }

  all(): NwcConnectionRecord[] {
    return [...this.section.connections]
  }

  walletKey(index: number): Uint8Array {
    return this.world.keys.privateKey(`nwc:wallet:${index}`)
  }

  clientSecret(index: number): Uint8Array {
    return this.world.keys.privateKey(`nwc:client:${index}`)
  }

  /** Makes the keys, the node and its channel, and records the connection. */
  create(opts: { name?: string; budgetSat?: number }): NwcConnectionRecord {
    const index = this.section.nextIndex
    const budgetSat = opts.budgetSat ?? DEFAULT_BUDGET_SAT
    const record: NwcConnectionRecord = {
      index,
      name: opts.name ?? `NWC wallet ${index}`,
      budgetSat,
      nodeId: `nwc-${index}`,
      walletPubkey: getPublicKey(this.walletKey(index)),
      clientPubkey: getPublicKey(this.clientSecret(index)),
      createdAt: Math.floor(this.world.clock.now() / 1000),
    }
    this.nodeFor(record)
    this.section.nextIndex = index + 1
    this.section.connections.push(record)
    this.world.persistence.save()
    return record
  }

  /**
   * The wallet's node with its channel from the LSP, made when missing. The channel's funding is
   * mined at once so the wallet can pay and receive as soon as its URI is handed out.
   */
  nodeFor(record: NwcConnectionRecord): LnNode {
    const { lightning, chain } = this.world
    const node =
      lightning.node(record.nodeId) ?? lightning.createNode(record.nodeId, record.name.slice(0, 32))
    if (node.channels().some((c) => c.state !== 'closed')) return node
    // a failure or manual-processing demo set for the next opening is meant for another channel
    const plannedMode = lightning.nextChannelOpen()
    if (plannedMode !== 'normal') lightning.setNextChannelOpen('normal')
    try {
      const channel = lightning.openChannelFromLsp(
        record.nodeId,
        record.budgetSat + INBOUND_SAT,
        record.budgetSat,
      )
      chain.mine(Math.max(0, channel.confirmationsNeeded - channel.confirmations))
    } finally {
      if (plannedMode !== 'normal') lightning.setNextChannelOpen(plannedMode)
    }
    return node
  }

  settledAt(paymentHash: string): number | undefined {
    return this.section.paymentSettledAt[paymentHash]
  }

  recordSettled(paymentHash: string, atSec: number): void {
    this.section.paymentSettledAt[paymentHash] ??= atSec
    this.world.persistence.save()
  }

  invoiceSeenAtMs(paymentHash: string): number | undefined {
    return this.section.invoiceSeenAtMs[paymentHash]
  }

  recordInvoiceSeen(paymentHash: string, atMs: number): void {
    this.section.invoiceSeenAtMs[paymentHash] ??= atMs
    this.world.persistence.save()
  }

  uri(record: NwcConnectionRecord, relayUrl: string): string {
    const secret = bytesToHex(this.clientSecret(record.index))
    return `nostr+walletconnect://${record.walletPubkey}?relay=${encodeURIComponent(relayUrl)}&secret=${secret}`
  }
}

/** ws(s)://host:port/nostr for the simnet server's base URL. */
export function relayUrlFor(baseUrl: string, path: string): string {
  const url = new URL(baseUrl)
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  url.pathname = path
  url.search = ''
  return url.toString()
}
