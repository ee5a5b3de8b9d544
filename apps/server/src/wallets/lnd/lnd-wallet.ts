/**
 * The merchant's own lnd node as a wallet: invoices, the settled-invoice stream, addresses of
 * the node's on-chain wallet, and both senders (the router, and SendCoins: `lnd-send.ts`).
 * Everything the port offers.
 */
import type { BitcoinNetwork } from '@app/domain'
import type {
  AddressReceipt,
  AddressReceiver,
  CreateInvoiceInput,
  InvoiceStatus,
  LightningSender,
  OnchainSender,
  SendableBalance,
  Wallet,
  WalletBalance,
  WalletCapabilities,
  WalletInvoice,
} from '../wallet'
import { unavailable } from '../wallet-support'
import { b64, LndError, type LndClient } from './lnd-client'
import { ZNewAddress, ZTransactions } from './lnd-admin-dto'
import { LndSend, notReadyOrUnavailable } from './lnd-send'
import { followSettlements, type FollowState } from './lnd-settlements'
import {
  toInvoiceStatus,
  ZLndAddInvoice,
  ZLndChainBalance,
  ZLndChannelBalance,
  ZLndInvoice,
} from './lnd-dto'

export interface LndWalletOptions {
  payTimeoutSec?: number
  /** first and longest wait before reconnecting the invoice stream */
  reconnectMs?: { initial: number; max: number }
  log?: (msg: string, err?: unknown) => void
  /** the Bitcoin network the node runs on (addresses are read for it); default simnet */
  network?: BitcoinNetwork
}

export const LND_CAPABILITIES: Readonly<WalletCapabilities> = {
  lightning: true,
  descriptionHash: true,
  onchain: true,
  pushesSettlements: true,
}

export class LndWallet implements Wallet {
  readonly kind = 'lnd' as const
  readonly capabilities = LND_CAPABILITIES
  readonly #follow: FollowState = { lastSettleIndex: 0 }
  readonly #opts: Required<Omit<LndWalletOptions, 'log' | 'network'>> &
    Pick<LndWalletOptions, 'log'>
  readonly #send: LndSend
  readonly addresses: AddressReceiver = {
    newAddress: (signal) => this.newAddress(signal),
    receipts: (address, signal) => this.addressReceipts(address, signal),
  }
  readonly lightningSender: LightningSender = {
    send: (input, signal) => this.#send.sendLightning(input, signal),
    track: (hash, signal) => this.#send.trackLightning(hash, signal),
  }
  readonly onchainSender: OnchainSender = {
    feeRate: (target, signal) => this.#send.onchainFeeRate(target, signal),
    quote: (input, signal) => this.#send.quoteOnchain(input, signal),
    send: (input, signal) => this.#send.sendOnchain(input, signal),
    find: (label, signal) => this.#send.findOnchainSend(label, signal),
  }

  constructor(
    private readonly lnd: LndClient,
    opts: LndWalletOptions = {},
  ) {
    this.#opts = {
      payTimeoutSec: opts.payTimeoutSec ?? 60,
      reconnectMs: opts.reconnectMs ?? { initial: 1_000, max: 30_000 },
      log: opts.log,
    }
    this.#send = new LndSend(lnd, opts.network ?? 'simnet')
  }

  async createInvoice(input: CreateInvoiceInput, signal?: AbortSignal): Promise<WalletInvoice> {
    const body = {
      value: String(input.amountSat),
      expiry: String(input.expirySec),
      ...(input.memo ? { memo: input.memo } : {}),
      ...(input.descriptionHash ? { description_hash: b64.fromHex(input.descriptionHash) } : {}),
    }
    // The node stamps the invoice (in whole seconds) when it makes it, a moment after this: the
    // expiry kept here is never later than the invoice's own, with no decoding of our node's reply.
    const expiresAt = new Date(Math.floor(Date.now() / 1000) * 1000 + input.expirySec * 1000)
    try {
      const added = ZLndAddInvoice.parse(
        await this.lnd.call('POST', '/v1/invoices', body, { signal }),
      )
      return {
        paymentHash: b64.toHex(added.r_hash),
        paymentRequest: added.payment_request,
        expiresAt,
      }
    } catch (err) {
      throw notReadyOrUnavailable(err, 'The node did not create the invoice')
    }
  }

  async lookupInvoice(paymentHash: string, signal?: AbortSignal): Promise<InvoiceStatus> {
    try {
      const raw = await this.lnd.call('GET', `/v1/invoice/${paymentHash}`, undefined, { signal })
      return toInvoiceStatus(ZLndInvoice.parse(raw))
    } catch (err) {
      // The node does not know the invoice: nothing can ever settle it.
      if (err instanceof LndError && err.httpStatus === 404) {
        return { paymentHash, state: 'canceled', amountPaidSat: 0, settledAt: null }
      }
      throw unavailable(err, 'The node did not look up the invoice')
    }
  }

  /**
   * Follows lnd's settled-invoice stream, resuming after the last settle index handed over
   * (kept by this instance) and reconnecting with backoff; see lnd-settlements.
   */
  watch(handlers: Parameters<Wallet['watch']>[0], signal: AbortSignal): Promise<void> {
    return followSettlements(this.lnd, this.#follow, handlers, signal, {
      reconnectMs: this.#opts.reconnectMs,
      log: this.#opts.log ?? (() => {}),
      lookup: (hash, s) => this.lookupInvoice(hash, s),
    })
  }

  async balance(signal?: AbortSignal): Promise<WalletBalance> {
    try {
      const [channels, chain] = await Promise.all([
        this.lnd.call('GET', '/v1/balance/channels', undefined, { signal }),
        this.lnd.call('GET', '/v1/balance/blockchain', undefined, { signal }),
      ])
      const ch = ZLndChannelBalance.parse(channels)
      return {
        lightningSat: ch.local_balance?.sat ?? ch.balance,
        onchainSat: ZLndChainBalance.parse(chain).confirmed_balance,
      }
    } catch (err) {
      throw unavailable(err, 'The node did not report its balance')
    }
  }

  private async newAddress(signal?: AbortSignal): Promise<string> {
    try {
      const path = '/v1/newaddress?type=WITNESS_PUBKEY_HASH'
      return ZNewAddress.parse(await this.lnd.call('GET', path, undefined, { signal })).address
    } catch (err) {
      throw notReadyOrUnavailable(err, 'The node did not give an address')
    }
  }

  private async addressReceipts(address: string, signal?: AbortSignal): Promise<AddressReceipt[]> {
    let txs
    try {
      const raw = await this.lnd.call('GET', '/v1/transactions', undefined, { signal })
      txs = ZTransactions.parse(raw).transactions
    } catch (err) {
      throw unavailable(err, 'The node did not list its transactions')
    }
    return txs.flatMap((tx) => {
      const amountSat = tx.outputs
        .filter((o) => o.address === address)
        .reduce((sum, o) => sum + o.amountSat, 0)
      return amountSat > 0 ? [{ txid: tx.txid, amountSat, confirmations: tx.confirmations }] : []
    })
  }

  sendableBalance(signal?: AbortSignal): Promise<SendableBalance> {
    return this.#send.sendableBalance(signal)
  }

  close(): void {}
}
