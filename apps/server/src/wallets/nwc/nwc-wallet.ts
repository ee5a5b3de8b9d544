/**
 * A Nostr Wallet Connect wallet: Lightning only. Settlements come from the wallet's
 * `payment_received` notifications when it sends them; the caller's pending invoices are looked
 * up when watching starts and again after the relay connection dropped (notifications sent
 * meanwhile are lost). A wallet without notifications is looked up every poll interval.
 */
import '../../lib/websocket-global'
import {
  Nip47WalletError,
  type NWCClient,
  type Nip47Notification,
  type Nip47Transaction,
} from '@getalby/sdk/nwc'
import type {
  AddressReceipt,
  CreateInvoiceInput,
  InvoiceStatus,
  OnchainQuote,
  OnchainSent,
  PayResult,
  SendableBalance,
  SendLightningInput,
  SendOutcome,
  Wallet,
  WalletSend,
  WalletBalance,
  WalletCapabilities,
  WalletInvoice,
} from '../wallet'
import {
  abortable,
  decodeBolt11,
  pause,
  SettlementQueue,
  unavailable,
  unsupported,
} from '../wallet-support'
import { createNwcClient, withDeadline } from './nwc-client'
import { msatToSat, toInvoiceStatus, toSettlement } from './nwc-dto'
import type { NwcConnection } from './nwc-uri'

export interface NwcWalletOptions {
  /** notification types the wallet advertised in get_info (stored when it was connected) */
  notifications: string[]
  /**
   * how often pending invoices are looked up when the wallet sends no notifications, and how
   * often the relay connection is checked when it does; default 30 s
   */
  pollIntervalMs?: number
  /** deadline of one request; payments get 90 s */
  requestTimeoutMs?: number
  log?: (msg: string, err?: unknown) => void
}

const PAY_TIMEOUT_MS = 90_000

/** The wallet answered with a NIP-47 error code (not a lost relay or a timeout). */
const walletErrorCode = (err: unknown) => (err instanceof Nip47WalletError ? err.code : null)

/** What an NWC wallet can do, from the notification types it advertised. */
export function nwcCapabilities(notifications: readonly string[]): WalletCapabilities {
  return {
    lightning: true,
    descriptionHash: true,
    onchain: false,
    pay: true,
    pushesSettlements: notifications.includes('payment_received'),
  }
}

export class NwcWallet implements Wallet, WalletSend {
  readonly kind = 'nwc' as const
  readonly capabilities: WalletCapabilities
  readonly #client: NWCClient
  readonly #pollIntervalMs: number
  readonly #requestTimeoutMs: number
  readonly #log: (msg: string, err?: unknown) => void

  constructor(connection: NwcConnection, opts: NwcWalletOptions) {
    this.#client = createNwcClient(connection)
    this.#pollIntervalMs = opts.pollIntervalMs ?? 30_000
    this.#requestTimeoutMs = opts.requestTimeoutMs ?? 30_000
    this.#log = opts.log ?? (() => {})
    this.capabilities = nwcCapabilities(opts.notifications)
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

  async watch(handlers: Parameters<Wallet['watch']>[0], signal: AbortSignal): Promise<void> {
    const queue = new SettlementQueue(
      (s) => handlers.onSettlement(s),
      (err) => this.#log('nwc: handing over a settlement failed', err),
    )
    const onNotification = (n: Nip47Notification) => {
      if (n.notification_type !== 'payment_received') return
      try {
        const s = toSettlement(n.notification)
        if (s) void queue.push(s)
      } catch (err) {
        this.#log('nwc: a payment_received notification could not be read', err)
      }
    }
    // Kept so that a subscription finishing after its deadline is still closed.
    const subscribing = this.capabilities.pushesSettlements
      ? this.#client.subscribeNotifications(onNotification, ['payment_received'])
      : null
    let isPushed = false
    if (subscribing) {
      await this.request(() => subscribing, signal).then(
        () => {
          isPushed = true
        },
        (err: unknown) => {
          this.#log('nwc: subscribing to notifications failed; looking up only', err)
        },
      )
    }
    try {
      let isFirst = true
      while (!signal.aborted) {
        const isComplete =
          isFirst && isPushed && handlers.standby
            ? true
            : await this.lookUpPending(handlers, queue, signal)
        if (isFirst && !signal.aborted) handlers.onReady?.()
        isFirst = false
        // A look-up that failed is tried again at the next interval, notifications or not.
        if (isPushed && isComplete) await this.untilRelayCameBack(signal)
        else await pause(this.#pollIntervalMs, signal)
      }
    } finally {
      void subscribing?.then(
        (unsubscribe) => unsubscribe(),
        () => {},
      )
      await queue.drain()
    }
  }

  /**
   * With notifications, pending invoices are looked up again only after the relay connection
   * dropped (the client resubscribes by itself; what was notified meanwhile is lost): checked
   * every poll interval by reading the connection's state, no request. Thousands of wallets
   * watched cost no requests while idle; a notification lost on a live connection is caught
   * when its invoice lapses (the expiry sweep looks every lapsed invoice up).
   */
  private async untilRelayCameBack(signal: AbortSignal): Promise<void> {
    let wasDown = false
    while (!signal.aborted) {
      await pause(this.#pollIntervalMs, signal)
      const status = [...this.#client.pool.listConnectionStatus().values()]
      const isUp = status.length > 0 && status.every(Boolean)
      if (!isUp) wasDown = true
      else if (wasDown) return
    }
  }

  /** Looks up the caller's pending invoices; false when one of them could not be looked up. */
  private async lookUpPending(
    handlers: Parameters<Wallet['watch']>[0],
    queue: SettlementQueue,
    signal: AbortSignal,
  ): Promise<boolean> {
    let hashes: string[]
    try {
      hashes = await handlers.pending()
    } catch (err) {
      this.#log('nwc: reading pending invoices failed', err)
      return false
    }
    let isComplete = true
    for (const hash of hashes) {
      if (signal.aborted || queue.has(hash)) continue
      try {
        const status = await this.lookupInvoice(hash, signal)
        if (status.state === 'settled' && status.settledAt) {
          const { amountPaidSat, settledAt } = status
          await queue.push({ paymentHash: hash, amountPaidSat, settledAt })
        }
      } catch (err) {
        isComplete = false
        if (!signal.aborted) this.#log(`nwc: looking up ${hash} failed`, err)
      }
    }
    return isComplete
  }

  async balance(signal?: AbortSignal): Promise<WalletBalance> {
    try {
      const { balance } = await this.request(() => this.#client.getBalance(), signal)
      return { lightningSat: msatToSat(balance), onchainSat: 0 }
    } catch (err) {
      throw unavailable(err, 'The wallet did not report its balance')
    }
  }

  /**
   * A payment the wallet refused or could not route is failed; no answer at all is not (the
   * payment may still complete): that throws WalletUnavailableError.
   */
  async pay(paymentRequest: string, signal?: AbortSignal): Promise<PayResult> {
    try {
      const paid = await this.request(
        () => this.#client.payInvoice({ invoice: paymentRequest }),
        signal,
        PAY_TIMEOUT_MS,
      )
      return {
        status: 'succeeded',
        feeSat: Math.ceil((paid.fees_paid || 0) / 1000),
        preimage: paid.preimage,
        failureReason: null,
      }
    } catch (err) {
      // INTERNAL says nothing about whether the payment went out
      const code = walletErrorCode(err)
      if (code !== null && code !== 'INTERNAL') {
        const reason = err instanceof Error ? err.message : code
        return { status: 'failed', feeSat: 0, preimage: null, failureReason: reason }
      }
      throw unavailable(err, 'The payment outcome is not known yet')
    }
  }

  /** pay_invoice; no answer at all (or INTERNAL) is unknown, as the payment may complete. */
  async sendLightning(input: SendLightningInput, signal?: AbortSignal): Promise<SendOutcome> {
    try {
      const paid = await this.request(
        () =>
          this.#client.payInvoice({
            invoice: input.paymentRequest,
            ...(input.amountSat ? { amount: input.amountSat * 1000 } : {}),
          }),
        signal,
        PAY_TIMEOUT_MS,
      )
      return {
        status: 'succeeded',
        feeSat: Math.ceil((paid.fees_paid || 0) / 1000),
        preimage: paid.preimage,
        failureReason: null,
      }
    } catch (err) {
      const code = walletErrorCode(err)
      const reason = err instanceof Error ? err.message : String(err)
      if (code !== null && code !== 'INTERNAL') {
        return { status: 'failed', feeSat: 0, preimage: null, failureReason: reason }
      }
      return { status: 'unknown', feeSat: 0, preimage: null, failureReason: reason }
    }
  }

  /** lookup_invoice by payment hash: the outgoing transaction's state, null when unknown. */
  async trackLightning(paymentHash: string, signal?: AbortSignal): Promise<SendOutcome | null> {
    let tx: Nip47Transaction
    try {
      tx = await this.request(
        () => this.#client.lookupInvoice({ payment_hash: paymentHash }),
        signal,
      )
    } catch (err) {
      if (walletErrorCode(err) === 'NOT_FOUND') return null
      throw unavailable(err, 'The wallet did not look up the payment')
    }
    const feeSat = Math.ceil((tx.fees_paid || 0) / 1000)
    if (tx.state === 'settled' || (tx.state === undefined && tx.settled_at)) {
      return { status: 'succeeded', feeSat, preimage: tx.preimage || null, failureReason: null }
    }
    if (tx.state === 'failed') {
      return { status: 'failed', feeSat: 0, preimage: null, failureReason: 'the wallet failed it' }
    }
    return { status: 'unknown', feeSat: 0, preimage: null, failureReason: 'in flight' }
  }

  async sendableBalance(signal?: AbortSignal): Promise<SendableBalance> {
    const b = await this.balance(signal)
    return { lightningSat: b.lightningSat, onchainSat: 0, reserveSat: 0 }
  }

  onchainFeeRate(): Promise<number> {
    return unsupported('send on chain')
  }

  quoteOnchain(): Promise<OnchainQuote> {
    return unsupported('send on chain')
  }

  sendOnchain(): Promise<{ txid: string }> {
    return unsupported('send on chain')
  }

  findOnchainSend(): Promise<OnchainSent | null> {
    return unsupported('send on chain')
  }

  newAddress(): Promise<string> {
    return unsupported('hand out on-chain addresses')
  }

  addressReceipts(): Promise<AddressReceipt[]> {
    return unsupported('follow on-chain addresses')
  }

  close(): void {
    this.#client.close()
  }
}
