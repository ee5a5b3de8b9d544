/**
 * The wallet port: "where this business's money is". One narrow interface with an adapter per
 * backend (the merchant's own lnd node, an NWC wallet, an exchange account). Adapters declare
 * what they can do up front; the product offers only that. Amounts are integer satoshis.
 * Every call that leaves the process takes an AbortSignal.
 */

export interface WalletCapabilities {
  /** Lightning invoices can be created and followed */
  lightning: boolean
  /** invoices can commit to a description hash (LNURL-pay) */
  descriptionHash: boolean
  /** fresh on-chain addresses and their incoming payments */
  onchain: boolean
  /** outgoing Lightning payments */
  pay: boolean
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

export interface PayResult {
  status: 'succeeded' | 'failed'
  feeSat: number
  preimage: string | null
  failureReason: string | null
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
    },
    signal: AbortSignal,
  ): Promise<void>
  balance(signal?: AbortSignal): Promise<WalletBalance>
  pay(paymentRequest: string, signal?: AbortSignal): Promise<PayResult>
  newAddress(signal?: AbortSignal): Promise<string>
  /** Payments received at an address handed out by newAddress. */
  addressReceipts(address: string, signal?: AbortSignal): Promise<AddressReceipt[]>
  close(): void
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
