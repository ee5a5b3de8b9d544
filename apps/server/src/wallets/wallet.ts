/**
 * The wallet port: "where this business's money is", with an adapter per backend (the
 * merchant's own lnd node, an NWC wallet, an exchange account). Every wallet receives
 * (invoices, watching, and on-chain addresses where it has them); what it can send is the
 * senders it has: Lightning (send and track), on chain (fee rate, quote, send, find), and
 * withdrawals to destinations registered on an exchange. Callers ask whether a wallet has a
 * sender, never which backend it is. Each adapter turns its backend's errors into an outcome
 * (`succeeded`, `failed`, `unknown`), so nothing above it reads a backend's words. Amounts are
 * integer satoshis. Every call that leaves the process takes an AbortSignal.
 */

export interface WalletCapabilities {
  /** Lightning invoices can be created and followed */
  lightning: boolean
  /** invoices can commit to a description hash (LNURL-pay) */
  descriptionHash: boolean
  /** fresh on-chain addresses and their incoming payments (the wallet has `addresses`) */
  onchain: boolean
  /** settlement is pushed (a stream or notifications) rather than only looked up */
  pushesSettlements: boolean
}

export interface CreateInvoiceInput {
  amountSat: number
  memo?: string
  /** hex sha256 the invoice commits to instead of the memo */
  descriptionHash?: string
  expirySec: number
}

export interface WalletInvoice {
  /** hex */
  paymentHash: string
  paymentRequest: string
  expiresAt: Date
}

export type InvoiceState = 'open' | 'settled' | 'expired' | 'canceled'

export interface InvoiceStatus {
  paymentHash: string
  state: InvoiceState
  amountPaidSat: number
  settledAt: Date | null
}

export interface AddressReceipt {
  txid: string
  amountSat: number
  confirmations: number
}

export interface WalletBalance {
  lightningSat: number
  onchainSat: number
}

/** A settled invoice seen by a watcher. */
export interface Settlement {
  paymentHash: string
  amountPaidSat: number
  settledAt: Date
}

export interface Wallet {
  readonly kind: 'lnd' | 'nwc' | 'exchange'
  readonly capabilities: WalletCapabilities
  createInvoice(input: CreateInvoiceInput, signal?: AbortSignal): Promise<WalletInvoice>
  lookupInvoice(paymentHash: string, signal?: AbortSignal): Promise<InvoiceStatus>
  /**
   * Calls onSettlement for every invoice that settles while it runs (adapters that cannot
   * push fall back to looking up `pending` at a sane interval). Resolves when signal aborts.
   */
  watch(
    handlers: {
      onSettlement(s: Settlement): Promise<void>
      pending(): Promise<string[]>
      /**
       * Called once the watcher follows new settlements and has looked up `pending` once:
       * from then on nothing that settles is missed.
       */
      onReady?(): void
      /**
       * A standby's watch, kept by a second instance while another holds the lease (and has
       * looked up what is open): new settlements are followed, `pending` is not looked up
       * first. A settlement is handed over by both; crediting it is idempotent.
       */
      standby?: boolean
    },
    signal: AbortSignal,
  ): Promise<void>
  balance(signal?: AbortSignal): Promise<WalletBalance>
  /** on-chain receiving, where `capabilities.onchain` */
  readonly addresses?: AddressReceiver
  /**
   * What can be sent out: Lightning (the channels' local balance), on chain, and what the wallet
   * must keep on chain (lnd's anchor channel reserve). A node that is locked or starting throws
   * WalletNotReadyError.
   */
  sendableBalance(signal?: AbortSignal): Promise<SendableBalance>
  /** paying Lightning invoices, where the wallet can */
  readonly lightningSender?: LightningSender
  /** sending on chain to any address, where the wallet can */
  readonly onchainSender?: OnchainSender
  /** withdrawing to destinations registered on the exchange (an exchange account) */
  readonly registeredWithdrawals?: RegisteredWithdrawals
  close(): void
}

export interface AddressReceiver {
  newAddress(signal?: AbortSignal): Promise<string>
  /** Payments received at an address handed out by newAddress. */
  receipts(address: string, signal?: AbortSignal): Promise<AddressReceipt[]>
}

export interface SendableBalance {
  lightningSat: number
  onchainSat: number
  reserveSat: number
}

export interface LightningSender {
  /**
   * Pays an invoice with its fee limit; `unknown` when the outcome is not known yet (a lost
   * reply, a timeout): never retried blindly, followed by `track`.
   */
  send(input: SendLightningInput, signal?: AbortSignal): Promise<SendOutcome>
  /**
   * Where an outgoing payment stands; null when the wallet never saw it. `sentAt` (when the
   * payout was claimed, no earlier than the one given to `send`) lets a wallet whose requests
   * expire tell a request that can no longer be carried out.
   */
  track(
    paymentHash: string,
    signal?: AbortSignal,
    sentAt?: Date | null,
  ): Promise<SendOutcome | null>
}

export interface OnchainSender {
  /** The fee rate (sat/vB) for a confirmation target in blocks. */
  feeRate(targetBlocks: number, signal?: AbortSignal): Promise<number>
  /** What a send would cost and what would arrive (amountSat null: sweep all). */
  quote(input: OnchainQuoteInput, signal?: AbortSignal): Promise<OnchainQuote>
  /**
   * Sends as quoted; the label finds the transaction again after a lost reply. The wallet's own
   * refusal is `failed`; anything else may have gone out and is `unknown`.
   */
  send(input: OnchainSendInput, signal?: AbortSignal): Promise<OnchainSendOutcome>
  /** The transaction sent with `label`, or null when there is none. */
  find(label: string, signal?: AbortSignal): Promise<OnchainSent | null>
}

export type OnchainSendOutcome =
  { status: 'succeeded'; txid: string } | { status: 'failed' | 'unknown'; failureReason: string }

/** A withdrawal destination registered on the exchange (a Kraken withdrawal key). */
export interface RegisteredDestination {
  key: string
  rail: 'lightning' | 'onchain'
  address: string
}

export interface ExchangeWithdrawalQuote {
  feeSat: number
  /** the most that can arrive */
  maxSat: number
}

export interface ExchangeWithdrawalState {
  refid: string
  status: 'pending' | 'succeeded' | 'failed'
  txid: string | null
  feeSat: number
}

/** Withdrawals of an exchange account: only to destinations registered on the exchange. */
export interface RegisteredWithdrawals {
  destinations(signal?: AbortSignal): Promise<RegisteredDestination[]>
  /** The fee and the most that can arrive, for `amountSat` to arrive at the key's destination. */
  quote(key: string, amountSat: number, signal?: AbortSignal): Promise<ExchangeWithdrawalQuote>
  /**
   * Asks the exchange to send; its own refusal is `failed`, no answer at all `unknown` (the
   * withdrawal may have been made: `state` finds it).
   */
  withdraw(input: ExchangeWithdrawInput, signal?: AbortSignal): Promise<ExchangeWithdrawOutcome>
  /**
   * The key of the exchange's Lightning method that takes an invoice with each withdrawal, or
   * null when the exchange or the account offers none.
   */
  lightningInvoiceKey(signal?: AbortSignal): Promise<string | null>
  state(
    find: { refid: string } | { key: string; amountSat: number; since: Date },
    signal?: AbortSignal,
  ): Promise<ExchangeWithdrawalState | null>
}

export interface ExchangeWithdrawInput {
  key: string
  /** what arrives */
  amountSat: number
  /** the quoted fee; a higher one is refused */
  feeSat: number
  /** a BOLT11 invoice to pay, for a key of the exchange's Lightning method */
  invoice?: string
}

export type ExchangeWithdrawOutcome =
  { status: 'sent'; refid: string } | { status: 'failed' | 'unknown'; failureReason: string }

/** An outgoing payment's outcome. */
export interface SendOutcome {
  status: 'succeeded' | 'failed' | 'unknown'
  feeSat: number
  /** hex, once succeeded */
  preimage: string | null
  failureReason: string | null
}

export interface SendLightningInput {
  paymentRequest: string
  /** hex, for following it up */
  paymentHash: string
  /** for an invoice without an amount */
  amountSat?: number
  /** most the route may cost; the wallet refuses dearer routes */
  feeLimitSat: number
  /** how long the wallet may look for a route */
  timeoutSec: number
  /**
   * when the payout was written (or claimed): a wallet whose requests carry an expiration (NWC)
   * counts it from here, and a follow-up from the claim, no earlier, so it can tell after a
   * restart when the request lapsed
   */
  sentAt?: Date
}

export interface OnchainQuoteInput {
  address: string
  /** null: the whole balance (less the fee and what the wallet must keep) */
  amountSat: number | null
  satPerVbyte: number
}

export interface OnchainQuote {
  /** what arrives at the address */
  amountSat: number
  feeSat: number
  vsize: number
  /** kept on chain by the wallet (lnd's anchor channel reserve) */
  reserveSat: number
  /** whether everything goes in one output with no change */
  sendAll: boolean
}

export interface OnchainSendInput {
  address: string
  amountSat: number
  sendAll: boolean
  satPerVbyte: number
  label: string
}

export interface OnchainSent {
  txid: string
  feeSat: number
}

export class WalletUnsupportedError extends Error {
  constructor(what: string) {
    super(`This wallet cannot ${what}`)
    this.name = 'WalletUnsupportedError'
  }
}

export class WalletUnavailableError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'WalletUnavailableError'
  }
}

/** The merchant's own node is locked, starting or down: nothing was asked of it. */
export class WalletNotReadyError extends WalletUnavailableError {
  constructor(message: string) {
    super(message)
    this.name = 'WalletNotReadyError'
  }
}
