/**
 * An exchange account (Kraken's REST API) as a wallet: deposits only. Lightning deposits are
 * invoices the exchange makes for a fixed amount (no memo, no description hash, the exchange's
 * own expiry); on-chain deposits go to fresh deposit addresses. Nothing is pushed, so settled
 * deposits are found by looking at the deposit list. Money goes out only to destinations
 * registered on the exchange (a withdrawal key a person approves there), and to invoices through
 * the exchange's Lightning method where it has one (`exchange-send.ts`).
 */
import { satToBtcString } from '@app/domain'
import {
  WalletUnsupportedError,
  type AddressReceipt,
  type AddressReceiver,
  type CreateInvoiceInput,
  type InvoiceStatus,
  type SendableBalance,
  type Wallet,
  type WalletBalance,
  type WalletCapabilities,
  type WalletInvoice,
} from '../wallet'
import { decodeBolt11, pause, SettlementQueue, unavailable } from '../wallet-support'
import { ExchangeSend } from './exchange-send'
import type { KrakenClient } from './kraken-client'
import {
  isCredited,
  xbtBalanceSat,
  xbtToSat,
  ZKrakenDeposits,
  type KrakenDepositEntry,
} from './kraken-dto'

export interface ExchangeWalletOptions {
  /** how often pending invoices are looked for among the deposits; default 10 s */
  pollIntervalMs?: number
  /**
   * Kraken reports no confirmation counts. A deposit it has credited is final for the
   * merchant, so it reads as this many confirmations; one not yet credited as 0. Default 1.
   */
  creditedConfirmations?: number
  log?: (msg: string, err?: unknown) => void
}

const LIGHTNING = 'Bitcoin Lightning'
const ONCHAIN = 'Bitcoin'
const HEX64 = /^[0-9a-f]{64}$/

export const EXCHANGE_CAPABILITIES: Readonly<WalletCapabilities> = {
  lightning: true,
  descriptionHash: false,
  onchain: true,
  pushesSettlements: false,
}

export class ExchangeWallet implements Wallet {
  readonly kind = 'exchange' as const
  readonly capabilities = EXCHANGE_CAPABILITIES
  readonly addresses: AddressReceiver = {
    newAddress: (signal) => this.newAddress(signal),
    receipts: (address, signal) => this.addressReceipts(address, signal),
  }
  readonly registeredWithdrawals: ExchangeSend
  /** invoices made by this instance: their expiry, which the deposit list cannot tell */
  readonly #expiries = new Map<string, Date>()
  /** BOLT11 -> payment hash, so each deposit's invoice is decoded once */
  readonly #hashOfInvoice = new Map<string, string | null>()
  readonly #pollIntervalMs: number
  readonly #creditedConfirmations: number
  readonly #log: (msg: string, err?: unknown) => void

  constructor(
    private readonly kraken: KrakenClient,
    opts: ExchangeWalletOptions = {},
  ) {
    this.#pollIntervalMs = opts.pollIntervalMs ?? 10_000
    this.#creditedConfirmations = opts.creditedConfirmations ?? 1
    this.#log = opts.log ?? (() => {})
    this.registeredWithdrawals = new ExchangeSend(kraken)
  }

  async createInvoice(input: CreateInvoiceInput, signal?: AbortSignal): Promise<WalletInvoice> {
    if (input.descriptionHash) {
      throw new WalletUnsupportedError('commit an invoice to a description hash')
    }
    let paymentRequest: string | undefined
    try {
      const params = { asset: 'XBT', method: LIGHTNING, new: true }
      const amount = satToBtcString(input.amountSat)
      paymentRequest = (await this.kraken.depositAddresses({ ...params, amount }, signal))[0]
        ?.address
    } catch (err) {
      throw unavailable(err, 'The exchange did not create the invoice')
    }
    if (!paymentRequest) throw unavailable('no invoice in the reply', 'The exchange')
    const decoded = decodeBolt11(paymentRequest)
    this.#expiries.set(decoded.paymentHash, decoded.expiresAt)
    this.#hashOfInvoice.set(paymentRequest, decoded.paymentHash)
    return { paymentHash: decoded.paymentHash, paymentRequest, expiresAt: decoded.expiresAt }
  }

  private async deposits(method: string, signal?: AbortSignal): Promise<KrakenDepositEntry[]> {
    try {
      const raw = await this.kraken.depositStatus({ asset: 'XBT', method }, signal)
      return ZKrakenDeposits.parse(raw)
    } catch (err) {
      throw unavailable(err, 'The exchange did not list its deposits')
    }
  }

  private hashOf(d: KrakenDepositEntry): string | null {
    if (!this.#hashOfInvoice.has(d.info)) {
      let hash: string | null
      try {
        hash = decodeBolt11(d.info).paymentHash
      } catch {
        hash = HEX64.test(d.txid) ? d.txid : null
      }
      this.#hashOfInvoice.set(d.info, hash)
    }
    return this.#hashOfInvoice.get(d.info) ?? null
  }

  private statusFrom(paymentHash: string, entries: KrakenDepositEntry[]): InvoiceStatus {
    const entry = entries.find((d) => this.hashOf(d) === paymentHash && isCredited(d))
    if (entry) {
      return {
        paymentHash,
        state: 'settled',
        amountPaidSat: xbtToSat(entry.amount),
        settledAt: new Date(entry.time * 1000),
      }
    }
    const expiresAt = this.#expiries.get(paymentHash)
    const isExpired = expiresAt !== undefined && Date.now() >= expiresAt.getTime()
    return { paymentHash, state: isExpired ? 'expired' : 'open', amountPaidSat: 0, settledAt: null }
  }

  /**
   * Settled once the exchange lists the invoice as a credited deposit. Otherwise open, or
   * expired past the expiry of an invoice this instance made: after a restart the exchange
   * cannot say when an unpaid invoice expires, and the caller's stored expiresAt decides.
   */
  async lookupInvoice(paymentHash: string, signal?: AbortSignal): Promise<InvoiceStatus> {
    return this.statusFrom(paymentHash, await this.deposits(LIGHTNING, signal))
  }

  async watch(handlers: Parameters<Wallet['watch']>[0], signal: AbortSignal): Promise<void> {
    const queue = new SettlementQueue(
      (s) => handlers.onSettlement(s),
      (err) => this.#log('exchange: handing over a settlement failed', err),
    )
    let isFirst = true
    while (!signal.aborted) {
      try {
        const hashes = (await handlers.pending()).filter((h) => !queue.has(h))
        const entries = hashes.length > 0 ? await this.deposits(LIGHTNING, signal) : []
        for (const hash of hashes) {
          const status = this.statusFrom(hash, entries)
          if (status.state !== 'settled' || !status.settledAt) continue
          const { amountPaidSat, settledAt } = status
          await queue.push({ paymentHash: hash, amountPaidSat, settledAt })
        }
      } catch (err) {
        if (!signal.aborted) this.#log('exchange: looking for settled deposits failed', err)
      }
      if (isFirst && !signal.aborted) handlers.onReady?.()
      isFirst = false
      await pause(this.#pollIntervalMs, signal)
    }
    await queue.drain()
  }

  /** The account holds one balance; it is reported as on-chain bitcoin, none in channels. */
  async balance(signal?: AbortSignal): Promise<WalletBalance> {
    try {
      return { lightningSat: 0, onchainSat: xbtBalanceSat(await this.kraken.balance(signal)) }
    } catch (err) {
      throw unavailable(err, 'The exchange did not report the balance')
    }
  }

  private async newAddress(signal?: AbortSignal): Promise<string> {
    let address: string | undefined
    try {
      const params = { asset: 'XBT', method: ONCHAIN, new: true }
      address = (await this.kraken.depositAddresses(params, signal))[0]?.address
    } catch (err) {
      throw unavailable(err, 'The exchange did not give a deposit address')
    }
    if (!address) throw unavailable('no address in the reply', 'The exchange')
    return address
  }

  private async addressReceipts(address: string, signal?: AbortSignal): Promise<AddressReceipt[]> {
    const byTxid = new Map<string, AddressReceipt>()
    for (const d of await this.deposits(ONCHAIN, signal)) {
      if (d.info !== address || d.status === 'Failure') continue
      const confirmations = isCredited(d) ? this.#creditedConfirmations : 0
      const prev = byTxid.get(d.txid)
      byTxid.set(d.txid, {
        txid: d.txid,
        amountSat: (prev?.amountSat ?? 0) + xbtToSat(d.amount),
        confirmations: Math.min(prev?.confirmations ?? confirmations, confirmations),
      })
    }
    return [...byTxid.values()]
  }

  /** The account's one balance, all of it sendable to registered destinations. */
  async sendableBalance(signal?: AbortSignal): Promise<SendableBalance> {
    const b = await this.balance(signal)
    return { lightningSat: b.lightningSat, onchainSat: b.onchainSat, reserveSat: 0 }
  }

  close(): void {}
}
