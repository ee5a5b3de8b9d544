/**
 * A Nostr Wallet Connect wallet: Lightning only, in and out (it has no addresses and no on-chain
 * sender). Settlements come from the wallet's
 * `payment_received` notifications when it sends them, or from looking up pending invoices
 * (`nwc-settlements.ts`).
 */
import '../../lib/websocket-global'
import type { NWCClient, Nip47Transaction } from '@getalby/sdk/nwc'
import type {
  CreateInvoiceInput,
  InvoiceStatus,
  LightningSender,
  SendableBalance,
  Wallet,
  WalletBalance,
  WalletCapabilities,
  WalletInvoice,
} from '../wallet'
import { abortable, decodeBolt11, unavailable } from '../wallet-support'
import { createNwcClient, withDeadline } from './nwc-client'
import { msatToSat, toInvoiceStatus } from './nwc-dto'
import {
  PAY_REQUEST_TTL_SEC,
  PAY_TIMEOUT_MS,
  sendThroughNwc,
  trackThroughNwc,
  walletErrorCode,
} from './nwc-send'
import { followNwcSettlements } from './nwc-settlements'
import type { NwcConnection } from './nwc-uri'
import type { RelayPolicy } from './relay-guard'

export interface NwcWalletOptions {
  /** notification types the wallet advertised in get_info (stored when it was connected) */
  notifications: string[]
  /** which relays the wallet's sockets may reach (production: public wss: only) */
  relayPolicy: RelayPolicy
  /**
   * how often pending invoices are looked up when the wallet sends no notifications, and how
   * often the relay connection is checked when it does; default 30 s
   */
  pollIntervalMs?: number
  /** deadline of one request; payments get `payTimeoutMs` */
  requestTimeoutMs?: number
  /** deadline of pay_invoice's answer; default 90 s (no answer: the outcome is unknown) */
  payTimeoutMs?: number
  /** how long a payout request may wait to be picked up (its NIP-47 expiration); default 60 s */
  payRequestTtlSec?: number
  /** the clock that says when a payout request has expired (ms since the epoch) */
  now?: () => number
  log?: (msg: string, err?: unknown) => void
}

/** What an NWC wallet can do, from the notification types it advertised. */
export function nwcCapabilities(notifications: readonly string[]): WalletCapabilities {
  return {
    lightning: true,
    descriptionHash: true,
    onchain: false,
    pushesSettlements: notifications.includes('payment_received'),
  }
}

export class NwcWallet implements Wallet {
  readonly kind = 'nwc' as const
  readonly capabilities: WalletCapabilities
  readonly #client: NWCClient
  readonly #pollIntervalMs: number
  readonly #requestTimeoutMs: number
  readonly #log: (msg: string, err?: unknown) => void
  /** pay_invoice with its request's expiration and the fee limit; failed only with the wallet's proof (nwc-send.ts) */
  readonly lightningSender: LightningSender

  constructor(connection: NwcConnection, opts: NwcWalletOptions) {
    this.#client = createNwcClient(connection, opts.relayPolicy)
    this.#pollIntervalMs = opts.pollIntervalMs ?? 30_000
    this.#requestTimeoutMs = opts.requestTimeoutMs ?? 30_000
    this.#log = opts.log ?? (() => {})
    this.capabilities = nwcCapabilities(opts.notifications)
    const send = {
      client: this.#client,
      request: <T>(work: () => Promise<T>, signal?: AbortSignal, ms?: number) =>
        this.request(work, signal, ms),
      now: opts.now ?? Date.now,
      payTimeoutMs: opts.payTimeoutMs ?? PAY_TIMEOUT_MS,
      payRequestTtlSec: opts.payRequestTtlSec ?? PAY_REQUEST_TTL_SEC,
    }
    this.lightningSender = {
      send: (input, signal) => sendThroughNwc(send, input, signal),
      track: (hash, signal, sentAt) => trackThroughNwc(send, hash, signal, sentAt),
    }
  }

  private request<T>(work: () => Promise<T>, signal?: AbortSignal, ms = this.#requestTimeoutMs) {
    return abortable(withDeadline(work(), ms, 'The wallet'), signal)
  }

  async createInvoice(input: CreateInvoiceInput, signal?: AbortSignal): Promise<WalletInvoice> {
    const request = {
      amount: input.amountSat * 1000,
      expiry: input.expirySec,
      // An invoice commits to a description or to its hash, never both.
      ...(input.descriptionHash
        ? { description_hash: input.descriptionHash }
        : input.memo
          ? { description: input.memo }
          : {}),
    }
    let tx: Nip47Transaction
    try {
      tx = await this.request(() => this.#client.makeInvoice(request), signal)
    } catch (err) {
      throw unavailable(err, 'The wallet did not create the invoice')
    }
    const status = toInvoiceStatus(tx)
    return {
      paymentHash: status.paymentHash,
      paymentRequest: tx.invoice,
      expiresAt: tx.expires_at
        ? new Date(tx.expires_at * 1000)
        : decodeBolt11(tx.invoice).expiresAt,
    }
  }

  /**
   * A wallet that answers NOT_FOUND holds no such invoice, so nothing can ever settle it:
   * that reads as canceled (the caller expires the payment), never as an outage.
   */
  async lookupInvoice(paymentHash: string, signal?: AbortSignal): Promise<InvoiceStatus> {
    try {
      const tx = await this.request(
        () => this.#client.lookupInvoice({ payment_hash: paymentHash }),
        signal,
      )
      return { ...toInvoiceStatus(tx), paymentHash }
    } catch (err) {
      if (walletErrorCode(err) === 'NOT_FOUND') {
        return { paymentHash, state: 'canceled', amountPaidSat: 0, settledAt: null }
      }
      throw unavailable(err, 'The wallet did not look up the invoice')
    }
  }

  /** Follows the wallet's notifications, or looks up pending invoices; see nwc-settlements. */
  watch(handlers: Parameters<Wallet['watch']>[0], signal: AbortSignal): Promise<void> {
    return followNwcSettlements(this.#client, handlers, signal, {
      pushesSettlements: this.capabilities.pushesSettlements,
      pollIntervalMs: this.#pollIntervalMs,
      log: this.#log,
      request: (work, s) => this.request(work, s),
      lookup: (hash, s) => this.lookupInvoice(hash, s),
    })
  }

  async balance(signal?: AbortSignal): Promise<WalletBalance> {
    try {
      const { balance } = await this.request(() => this.#client.getBalance(), signal)
      return { lightningSat: msatToSat(balance), onchainSat: 0 }
    } catch (err) {
      throw unavailable(err, 'The wallet did not report its balance')
    }
  }

  async sendableBalance(signal?: AbortSignal): Promise<SendableBalance> {
    const b = await this.balance(signal)
    return { lightningSat: b.lightningSat, onchainSat: 0, reserveSat: 0 }
  }

  close(): void {
    this.#client.close()
  }
}
