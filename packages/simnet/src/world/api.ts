/**
 * The simulated world as the protocol services see it. `world/` implements these interfaces;
 * every service under `services/` (LND, Loop, node host, Esplora, nostr/NWC, Cashu, exchange,
 * control) reads and changes the world only through them, so the services can be built and
 * tested apart. Amounts are integer satoshis unless a name says msat.
 */

export type Hex = string

/** Simulated durations can be scaled down for demos and tests (timeScale 1 = real time). */
export interface SimClock {
  /** Real wall-clock time in ms; the world never fast-forwards the date. */
  now(): number
  /** A nominal duration (e.g. 30 minutes of channel opening) scaled to the configured speed. */
  scaled(nominalMs: number): number
  /** Runs fn after the scaled duration; cancelled when the world closes. */
  after(nominalMs: number, fn: () => void): { cancel(): void }
}

/**
 * State that must survive a restart. Each service keeps its durable state in a named section:
 * a plain JSON-serialisable object the service mutates in place and then calls `save()`.
 * The whole world is written atomically to `<dataDir>/world.json` (debounced).
 */
export interface Persistence {
  section<T extends object>(name: string, init: () => T): T
  save(): void
  /**
   * The record at `path` in `section` is new or has changed: it is appended to the journal and
   * left out of snapshots from then on, so a snapshot costs what the rest of the world costs.
   * Call it again after every later change of the record.
   */
  journal(section: string, path: (string | number)[], value: object): void
}

/** Deterministic key material from the world seed: the same seed and label give the same key. */
export interface KeyRing {
  /** 32-byte private key for a label, e.g. `node:lsp`, `nostr:wallet:3`, `mint:keyset`. */
  privateKey(label: string): Uint8Array
  /** Deterministic random bytes for a label (preimages, ids, ...). */
  bytes(label: string, length: number): Uint8Array
}

export interface TxOutput {
  address: string
  valueSat: number
  scriptPubKeyHex: string
}

export interface TxInput {
  txid: Hex
  vout: number
  prevout: TxOutput
}

export interface ChainTx {
  txid: Hex
  vin: TxInput[]
  vout: TxOutput[]
  feeSat: number
  vsize: number
  weight: number
  /** null while in the mempool */
  blockHeight: number | null
  blockHash: Hex | null
  blockTime: number | null
  /** unix seconds when first seen */
  firstSeen: number
  label?: string
}

export interface Utxo {
  txid: Hex
  vout: number
  address: string
  valueSat: number
  blockHeight: number | null
}

export interface Chain {
  readonly network: 'regtest'
  tipHeight(): number
  tipHash(): Hex
  blockHash(height: number): Hex | undefined
  blockTime(height: number): number | undefined
  /** Mines n blocks (mempool first); returns the new block hashes. */
  mine(n: number): Hex[]
  /** A fresh real regtest P2WPKH address (`bcrt1q...`) owned by a wallet (`payer`, a node id, ...). */
  newAddress(owner: string): string
  /** Who owns an address handed out by newAddress, if anyone. */
  ownerOf(address: string): string | undefined
  /**
   * Spends the owner's UTXOs to the outputs at the fee rate, change back to the owner.
   * `sendAll` spends everything to the single output (its value is ignored; fee is taken off).
   * Throws ChainError('insufficient funds') when it cannot.
   */
  send(
    owner: string,
    outputs: { address: string; amountSat: number }[],
    opts: { feeRateSatPerVbyte: number; sendAll?: boolean; label?: string },
  ): ChainTx
  /** Fee a send would pay, without sending. */
  estimateFee(
    owner: string,
    outputs: { address: string; amountSat: number }[],
    feeRateSatPerVbyte: number,
  ): { feeSat: number; vsize: number }
  /** Parses and accepts a raw signed transaction (Esplora broadcast). */
  broadcastRaw(hex: string): Hex
  getTx(txid: Hex): ChainTx | undefined
  confirmations(txid: Hex): number
  /** Transactions touching an address, mempool first then newest confirmed. */
  addressTxs(address: string): ChainTx[]
  utxos(owner: string): Utxo[]
  addressUtxos(address: string): Utxo[]
  balance(owner: string): { confirmedSat: number; unconfirmedSat: number }
  /** sat/vB by confirmation target: keys "1".."25", "144", "504", "1008". */
  feeEstimates(): Record<string, number>
  /** Adds coins out of thin air (a coinbase) to an address; used to fund the payer. */
  faucet(address: string, amountSat: number): ChainTx
  on(event: 'block', fn: (height: number, hash: Hex) => void): () => void
  on(event: 'tx', fn: (tx: ChainTx) => void): () => void

  // Added by the world implementation:
  /** Txids of a mined block in block order (coinbase first). */
  blockTxids(height: number): Hex[] | undefined
  /** Height of a block by hash. */
  blockHeight(hash: Hex): number | undefined
  /** Every address handed out to an owner, oldest first. */
  addressesOf(owner: string): string[]
  /** Transactions touching any of an owner's addresses, mempool first then newest confirmed. */
  ownerTxs(owner: string): ChainTx[]
  /** The serialised transaction in hex. */
  rawTx(txid: Hex): string | undefined
  /** The txid spending an output, if any (mempool included). */
  spenderOf(txid: Hex, vout: number): Hex | undefined
  mempool(): ChainTx[]
}

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
}

/** Names the world's well-known participants. */
export const PAYER_ID = 'payer'
export const LSP_ID = 'lsp'

export interface World {
  readonly clock: SimClock
  readonly persistence: Persistence
  readonly keys: KeyRing
  readonly chain: Chain
  readonly lightning: Lightning
  /** The external wallet with plenty of funds (on-chain owner `payer`, Lightning node `payer`). */
  readonly payer: LnNode
  /** Base URL the simnet server listens on, e.g. http://127.0.0.1:3100 */
  readonly baseUrl: string
  close(): Promise<void>

  // Added by the world implementation:
  /** Folder holding world.json and the other durable files (TLS key, ...). */
  readonly dataDir: string
  /** Mines a block every intervalMs of real time (0 stops automatic mining). */
  setMiningInterval(intervalMs: number): void
}

export class ChainError extends Error {}
export class LightningError extends Error {}
