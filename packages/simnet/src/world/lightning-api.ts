/**
 * The simulated Lightning network as the protocol services see it (`world/lightning/`
 * implements it): nodes, invoices, payments and channels. Amounts are integer satoshis unless a
 * name says msat.
 */
import type { Hex } from './chain-api'

export type InvoiceState = 'OPEN' | 'SETTLED' | 'CANCELED' | 'ACCEPTED'

export interface LnInvoice {
  /** hex */
  paymentHash: Hex
  /** hex */
  preimage: Hex
  paymentAddr: Hex
  paymentRequest: string
  memo: string
  /** hex, when the invoice commits to a description hash instead of a memo */
  descriptionHash: Hex | null
  valueMsat: number
  /** unix seconds */
  createdAt: number
  expirySec: number
  state: InvoiceState
  settledAt: number | null
  amtPaidMsat: number
  addIndex: number
  settleIndex: number
}

export type PaymentStatus = 'IN_FLIGHT' | 'SUCCEEDED' | 'FAILED'

export type FailureReason =
  | 'FAILURE_REASON_NONE'
  | 'FAILURE_REASON_TIMEOUT'
  | 'FAILURE_REASON_NO_ROUTE'
  | 'FAILURE_REASON_ERROR'
  | 'FAILURE_REASON_INCORRECT_PAYMENT_DETAILS'
  | 'FAILURE_REASON_INSUFFICIENT_BALANCE'

export interface LnPayment {
  paymentHash: Hex
  preimage: Hex | null
  paymentRequest: string
  valueMsat: number
  feeMsat: number
  status: PaymentStatus
  failureReason: FailureReason
  /** unix ns as a decimal string, like lnd */
  creationTimeNs: string
  paymentIndex: number
}

export type ChannelState = 'pending_open' | 'open' | 'closed'

export interface LnChannel {
  chanId: string
  channelPoint: string
  /** the node at the other end */
  remotePubkey: Hex
  capacitySat: number
  localBalanceSat: number
  remoteBalanceSat: number
  /** channel reserve and commitment fee kept aside: local + remote + reserve = capacity */
  reserveSat: number
  state: ChannelState
  fundingTxid: Hex
  confirmationsNeeded: number

  // Added by the world implementation:
  localBalanceMsat: number
  remoteBalanceMsat: number
  /** the node id at the other end */
  remoteNodeId: string
  /** true when this node opened (funded) the channel */
  isInitiator: boolean
  /** 1% of capacity each side must keep; a payment cannot take local balance below it */
  localChanReserveSat: number
  /** confirmations of the funding transaction so far */
  confirmations: number
  /** unix seconds when the opening started */
  openedAt: number
  /**
   * Why an opening did not simply complete: 'failed' (state closed, funds returned on chain)
   * or 'manual_processing' (still pending_open until the operator resolves it). null otherwise.
   */
  openIssue: ChannelOpenIssue | null
}

export type ChannelOpenIssue = 'failed' | 'manual_processing'

/** How the next channel opening will end (set from the control API to demo failures). */
export type ChannelOpenMode = 'normal' | 'fail' | 'manual'

export interface DecodedInvoice {
  destination: Hex
  paymentHash: Hex
  valueMsat: number
  timestamp: number
  expirySec: number
  description: string
  descriptionHash: Hex | null
  paymentAddr: Hex
  cltvExpiry: number
}

export interface InvoiceOptions {
  valueMsat: number
  memo?: string
  descriptionHash?: Hex
  expirySec?: number
}

export interface LnNode {
  readonly id: string
  readonly pubkey: Hex
  readonly alias: string
  addInvoice(opts: InvoiceOptions): LnInvoice
  /** As addInvoice, signing on another thread so the caller's keeps serving meanwhile. */
  addInvoiceAsync(opts: InvoiceOptions): Promise<LnInvoice>
  lookupInvoice(paymentHash: Hex): LnInvoice | undefined
  /** in add order */
  invoices(): LnInvoice[]
  /**
   * Pays a BOLT11 through the simulated network (routing over open channels, moving balances).
   * Resolves with the final payment; the 'payment' event also reports IN_FLIGHT first.
   */
  pay(
    paymentRequest: string,
    opts?: { amountMsat?: number; feeLimitSat?: number },
  ): Promise<LnPayment>
  payments(): LnPayment[]
  lookupPayment(paymentHash: Hex): LnPayment | undefined
  channels(): LnChannel[]
  /** Opens a channel to a peer funded from this node's on-chain wallet (owner = node id). */
  openChannel(peerPubkey: Hex, opts: { localFundingSat: number; pushSat?: number }): LnChannel
  on(event: 'invoice', fn: (inv: LnInvoice) => void): () => void
  on(event: 'payment', fn: (p: LnPayment) => void): () => void
  on(event: 'channel', fn: (c: LnChannel) => void): () => void

  // Added by the world implementation:
  /** Cancels an OPEN invoice (lnd CancelInvoice); throws LightningError otherwise. */
  cancelInvoice(paymentHash: Hex): LnInvoice
}

export interface Lightning {
  /** The liquidity provider every merchant channel opens to. */
  readonly lsp: LnNode
  createNode(id: string, alias?: string): LnNode
  node(id: string): LnNode | undefined
  nodeByPubkey(pubkey: Hex): LnNode | undefined
  /** Decodes and verifies a BOLT11 (throws LightningError on a bad one). */
  decode(paymentRequest: string): DecodedInvoice
  /** Opens a channel from the LSP to a node (inbound liquidity for it) with optional push. */
  openChannelFromLsp(nodeId: string, capacitySat: number, pushSat?: number): LnChannel

  // Added by the world implementation:
  nodes(): LnNode[]
  /** Makes the next channel opening fail or wait for manual processing (one-shot). */
  setNextChannelOpen(mode: ChannelOpenMode): void
  nextChannelOpen(): ChannelOpenMode
  /** Resolves an opening waiting for manual processing: opens it or fails it. */
  resolveChannelOpen(channelPoint: string, outcome: 'open' | 'fail'): void
  /** Every channel in the network as seen from its initiator. */
  allChannels(): LnChannel[]
  /** What a node charges to forward a payment (a route's fee); free unless set. */
  setForwardingFee(nodeId: string, fee: { baseMsat: number; ppm: number }): void
  forwardingFee(nodeId: string): { baseMsat: number; ppm: number }
}

export class LightningError extends Error {}
