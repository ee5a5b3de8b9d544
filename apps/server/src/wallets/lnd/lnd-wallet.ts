/**
 * The merchant's own lnd node as a wallet: invoices, the settled-invoice stream, payments over
 * the router and the node's on-chain wallet. Everything the port offers.
 */
import { withTimeout } from '../../lib/http'
import { lightningFeeLimitSat, type BitcoinNetwork } from '@app/domain'
import type {
  AddressReceipt,
  CreateInvoiceInput,
  InvoiceStatus,
  OnchainQuote,
  OnchainQuoteInput,
  OnchainSendInput,
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
import { decodeBolt11, unavailable } from '../wallet-support'
import { b64, LndError, type LndClient } from './lnd-client'
import { ZNewAddress, ZTransactions } from './lnd-admin-dto'
import { LndSend, notReadyOrUnavailable } from './lnd-send'
import { followSettlements, type FollowState } from './lnd-settlements'
import {
  toInvoiceStatus,
  toPayResult,
  ZLndAddInvoice,
  ZLndChainBalance,
  ZLndChannelBalance,
  ZLndInvoice,
  ZLndPayment,
  type LndPayment,
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
  pay: true,
  pushesSettlements: true,
}

export class LndWallet implements Wallet, WalletSend {
  readonly kind = 'lnd' as const
  readonly capabilities = LND_CAPABILITIES
  readonly #follow: FollowState = { lastSettleIndex: 0 }
  readonly #opts: Required<Omit<LndWalletOptions, 'log' | 'network'>> &
    Pick<LndWalletOptions, 'log'>
  readonly #send: LndSend

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

  /**
   * Pays through lnd's router and waits for the final state. An error from the node before
   * anything was sent (already paid, expired, no route) is a failed payment; losing the node
   * mid-way is not, as the payment may still complete: that throws WalletUnavailableError.
   */
  async pay(paymentRequest: string, signal?: AbortSignal): Promise<PayResult> {
    let amountSat: number
    try {
      amountSat = decodeBolt11(paymentRequest).amountSat
    } catch (err) {
      return { status: 'failed', feeSat: 0, preimage: null, failureReason: String(err) }
    }
    const timeoutSec = this.#opts.payTimeoutSec
    const body = {
      payment_request: paymentRequest,
      timeout_seconds: timeoutSec,
      // the one fee limit of every Lightning payment (the domain's)
      fee_limit_sat: String(lightningFeeLimitSat(amountSat)),
      no_inflight_updates: true,
    }
    const seen: { final: LndPayment | null } = { final: null }
    try {
      await this.lnd.stream(
        'POST',
        '/v2/router/send',
        body,
        (raw) => {
          const p = ZLndPayment.safeParse(raw)
          if (p.success && (p.data.status === 'SUCCEEDED' || p.data.status === 'FAILED'))
            seen.final = p.data
        },
        withTimeout(signal, (timeoutSec + 30) * 1000),
      )
    } catch (err) {
      if (err instanceof LndError && seen.final === null) {
        return { status: 'failed', feeSat: 0, preimage: null, failureReason: err.message }
      }
      if (seen.final === null) throw unavailable(err, 'The payment outcome is not known yet')
    }
    if (seen.final === null) {
      throw unavailable('the node ended the stream early', 'The payment outcome is not known yet')
    }
    return toPayResult(seen.final)
  }

  async newAddress(signal?: AbortSignal): Promise<string> {
    try {
      const path = '/v1/newaddress?type=WITNESS_PUBKEY_HASH'
      return ZNewAddress.parse(await this.lnd.call('GET', path, undefined, { signal })).address
    } catch (err) {
      throw notReadyOrUnavailable(err, 'The node did not give an address')
    }
  }

  async addressReceipts(address: string, signal?: AbortSignal): Promise<AddressReceipt[]> {
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

  sendLightning(input: SendLightningInput, signal?: AbortSignal): Promise<SendOutcome> {
    return this.#send.sendLightning(input, signal)
  }

  trackLightning(paymentHash: string, signal?: AbortSignal): Promise<SendOutcome | null> {
    return this.#send.trackLightning(paymentHash, signal)
  }

  sendableBalance(signal?: AbortSignal): Promise<SendableBalance> {
    return this.#send.sendableBalance(signal)
  }

  onchainFeeRate(targetBlocks: number, signal?: AbortSignal): Promise<number> {
    return this.#send.onchainFeeRate(targetBlocks, signal)
  }

  quoteOnchain(input: OnchainQuoteInput, signal?: AbortSignal): Promise<OnchainQuote> {
    return this.#send.quoteOnchain(input, signal)
  }

  sendOnchain(input: OnchainSendInput, signal?: AbortSignal): Promise<{ txid: string }> {
    return this.#send.sendOnchain(input, signal)
  }

  findOnchainSend(label: string, signal?: AbortSignal): Promise<OnchainSent | null> {
    return this.#send.findOnchainSend(label, signal)
  }

  close(): void {}
}
