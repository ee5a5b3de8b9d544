/**
 * The node administration port: what the platform does to a merchant's own node that is not
 * taking a payment (that is the wallet port's job). Creating and unlocking its wallet, its
 * on-chain funds, its channels and their liquidity, opening a channel, channel backups, and Loop
 * swaps with their autoloop settings. Amounts are integer satoshis; every call takes an
 * AbortSignal. One adapter today: lnd + loopd over REST (`lnd/lnd-node-admin.ts`).
 */

/** lnd's wallet states; only SERVER_ACTIVE is fully usable. */
export type NodeWalletState =
  'NON_EXISTING' | 'LOCKED' | 'UNLOCKED' | 'RPC_ACTIVE' | 'SERVER_ACTIVE' | 'WAITING_TO_START'

export interface NodeInfo {
  pubkey: string
  alias: string
  blockHeight: number
  syncedToChain: boolean
  syncedToGraph: boolean
  activeChannels: number
  pendingChannels: number
  /** lnd's version string, e.g. `0.18.5-beta commit=v0.18.5-beta` */
  version: string
  /** `<pubkey>@<host>:<port>` where peers reach the node; empty when it has no public address */
  uris: string[]
}

export interface CreatedWallet {
  seedWords: string[]
  /** hex; the key to every later call */
  macaroonHex: string
}

export interface OnchainBalance {
  confirmedSat: number
  unconfirmedSat: number
  totalSat: number
  /** kept back to fee-bump anchor channels' closes: not spendable */
  reservedAnchorSat: number
}

export interface OnchainOutput {
  address: string
  amountSat: number
  isOurs: boolean
}

export interface OnchainTransaction {
  txid: string
  /** what the transaction changed in the node's balance: negative when it spent */
  amountSat: number
  confirmations: number
  blockHeight: number
  time: Date
  outputs: OnchainOutput[]
}

export interface Channel {
  /** `<funding txid>:<output index>` */
  channelPoint: string
  channelId: string
  peerPubkey: string
  capacitySat: number
  localSat: number
  remoteSat: number
  active: boolean
  /** payments under way over the channel */
  pendingHtlcCount: number
}

export interface PendingChannel {
  channelPoint: string
  peerPubkey: string
  capacitySat: number
  localSat: number
  remoteSat: number
  state: 'opening' | 'closing' | 'force_closing' | 'waiting_close'
}

/** What the node can send and receive over its open channels, and what is still opening. */
export interface Liquidity {
  localSat: number
  remoteSat: number
  pendingOpenLocalSat: number
  pendingOpenRemoteSat: number
}

export interface OpenChannelInput {
  peerPubkey: string
  localFundingSat: number
  satPerVbyte?: number
}

export interface ChannelBackup {
  /** base64 of lnd's multi-channel backup, restorable on a node made from the same seed */
  multiChannelBackup: string
  channelPoints: string[]
}

export interface SwapTerms {
  minSat: number
  maxSat: number
}

export interface LoopOutQuote {
  amountSat: number
  swapFeeSat: number
  prepaySat: number
  sweepFeeSat: number
  confTarget: number
}

export interface LoopOutInput {
  amountSat: number
  /** where the swapped funds land on chain; the node's own wallet when absent */
  destAddress?: string
  /** the quote whose fees this swap may spend at most */
  quote: LoopOutQuote
  label?: string
}

export type SwapState =
  'INITIATED' | 'PREIMAGE_REVEALED' | 'HTLC_PUBLISHED' | 'SUCCESS' | 'FAILED' | 'INVOICE_SETTLED'

export interface Swap {
  /** hex */
  id: string
  type: 'loop_out' | 'loop_in'
  state: SwapState
  amountSat: number
  failureReason: string | null
  initiatedAt: Date
  updatedAt: Date
  costSat: { server: number; onchain: number; offchain: number }
  label: string
}

export interface AutoloopRule {
  /** a channel id, or a peer's pubkey for all channels with it */
  channelId: string | null
  peerPubkey: string | null
  /** loop out when inbound liquidity is below this share of capacity (0-100) */
  incomingThresholdPercent: number
  outgoingThresholdPercent: number
}

export interface AutoloopSettings {
  enabled: boolean
  /** empty: the node's own wallet */
  destAddress: string | null
  budgetSat: number
  /** when the budget's period began (seconds since 1970); fees of autoloop swaps since then count */
  budgetStartSec: number
  maxInFlight: number
  rules: AutoloopRule[]
  /** easy autoloop: loop out what the channels hold above this local balance; null when off */
  easyLocalTargetSat: number | null
  /** the most all fees of one swap may be, in parts per million; null: loopd's per-kind limits */
  feePpm: number | null
}

/** Why loopd would not start a swap for a channel now (looprpc.AutoReason). */
export interface AutoloopDisqualified {
  channelId: string
  peerPubkey: string
  reason: string
}

/** loopd's dry run of autoloop: the loop outs it would start now, or why not. */
export interface AutoloopSuggestions {
  loopOut: { amountSat: number; channelIds: string[] }[]
  disqualified: AutoloopDisqualified[]
}

export interface NodeAdmin {
  walletState(signal?: AbortSignal): Promise<NodeWalletState>
  /** A new wallet protected by the password; the seed words are returned once. */
  createWallet(password: string, signal?: AbortSignal): Promise<CreatedWallet>
  unlock(password: string, signal?: AbortSignal): Promise<void>
  info(signal?: AbortSignal): Promise<NodeInfo>

  onchainBalance(signal?: AbortSignal): Promise<OnchainBalance>
  onchainTransactions(signal?: AbortSignal): Promise<OnchainTransaction[]>
  newAddress(signal?: AbortSignal): Promise<string>

  channels(signal?: AbortSignal): Promise<Channel[]>
  pendingChannels(signal?: AbortSignal): Promise<PendingChannel[]>
  liquidity(signal?: AbortSignal): Promise<Liquidity>
  /** Publishes the funding transaction; the channel is pending until it confirms. */
  openChannel(input: OpenChannelInput, signal?: AbortSignal): Promise<{ channelPoint: string }>
  channelBackup(signal?: AbortSignal): Promise<ChannelBackup>
  /** The channel points a backup covers, once the node has decrypted it; refused otherwise. */
  verifyChannelBackup(multiChannelBackup: string, signal?: AbortSignal): Promise<string[]>
  /**
   * Follows the node's channel backups: `onBackup` gets a new one whenever a channel opens or
   * closes (lnd's stream sends nothing in between). Resolves when the stream ends, rejects when
   * it fails; `onOpen` runs once the node follows the subscription.
   */
  subscribeChannelBackups(
    onBackup: (backup: ChannelBackup) => void,
    signal: AbortSignal,
    onOpen?: () => void,
  ): Promise<void>

  loopOutTerms(signal?: AbortSignal): Promise<SwapTerms>
  loopOutQuote(amountSat: number, confTarget?: number, signal?: AbortSignal): Promise<LoopOutQuote>
  loopOut(input: LoopOutInput, signal?: AbortSignal): Promise<{ id: string }>
  swaps(signal?: AbortSignal): Promise<Swap[]>
  swap(id: string, signal?: AbortSignal): Promise<Swap>
  autoloop(signal?: AbortSignal): Promise<AutoloopSettings>
  setAutoloop(settings: AutoloopSettings, signal?: AbortSignal): Promise<void>
  autoloopSuggestions(signal?: AbortSignal): Promise<AutoloopSuggestions>
}

/** The node could not be reached (or answered nonsense): try again later. */
export class NodeUnreachableError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'NodeUnreachableError'
  }
}

/** The node answered with an error: its message says why (a wrong password, no funds...). */
export class NodeRefusedError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number,
  ) {
    super(message)
    this.name = 'NodeRefusedError'
  }

  get isLocked(): boolean {
    return /wallet locked|unlock it to enable full RPC access/.test(this.message)
  }

  get isWrongPassword(): boolean {
    return /invalid passphrase/.test(this.message)
  }
}

/** A node without Loop (no loopd endpoint known). */
export class NoLoopError extends Error {
  constructor() {
    super('This node has no Loop service')
    this.name = 'NoLoopError'
  }
}
