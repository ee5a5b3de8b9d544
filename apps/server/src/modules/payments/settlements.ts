/**
 * What a watcher does for one business whose wallet it holds: credit settled invoices, follow
 * on-chain addresses, expire lapsed invoices. Each asks the wallet (every call within a
 * deadline) and moves the payment rows; a replayed settlement is credited once (the
 * repository's conditional update).
 *
 * An on-chain payment (an address, unified with a Lightning invoice) is followed for as long as
 * it is open: once its transaction is seen it stays `processing` until confirmed, whatever its
 * invoice does; unpaid, it expires a grace period after its invoice.
 */
import { satToFiatMinor } from '@app/domain'
import type { AddressReceipt, AddressReceiver, Settlement } from '../../wallets/wallet'
import type { FiatCurrency, PriceService } from '../price'
import { DEFAULT_WALLET_CALL_MS, walletWithin, withDeadline } from './limits'
import type { PaymentRepo } from './repo'
import type { PaymentRow } from './row'
import type { WalletProvider } from '../../wallets/wallet-provider'

const EXPIRY_GRACE_MS = 60_000
/** An unpaid address payment expires this long after its invoice (a payer may send late). */
export const DEFAULT_ADDRESS_GRACE_MS = 60 * 60_000
/** Confirmations after which an on-chain payment counts as received. */
const ONCHAIN_CONFIRMATIONS = 1

export interface SettlementDeps {
  repo: PaymentRepo
  wallets: WalletProvider
  price: PriceService
  /** deadline of each wallet call; default DEFAULT_WALLET_CALL_MS */
  walletCallMs?: number
  /** how long an unpaid address payment outlives its invoice; default DEFAULT_ADDRESS_GRACE_MS */
  addressGraceMs?: number
}

export function createSettlements(deps: SettlementDeps) {
  const { repo, wallets, price } = deps
  const callMs = deps.walletCallMs ?? DEFAULT_WALLET_CALL_MS
  const addressGraceMs = deps.addressGraceMs ?? DEFAULT_ADDRESS_GRACE_MS
  const walletOf = (businessId: string) => walletWithin(wallets, businessId, callMs)

  function fiatFor(row: PaymentRow, amountSat: number): number | null {
    const rate = price.peek()?.minorPerBtc[row.currency as FiatCurrency]
    return rate ? satToFiatMinor(amountSat, rate) : null
  }

  async function credit(businessId: string, s: Settlement): Promise<void> {
    const row = await repo.findByHash(s.paymentHash)
    if (!row || row.businessId !== businessId) return
    await repo.settle(row.id, {
      receivedSat: s.amountPaidSat,
      settledAt: s.settledAt,
      fiatMinor: fiatFor(row, s.amountPaidSat),
    })
  }

  /**
   * Looks up every open payment once: settled ones are credited, lapsed ones expire. With
   * `watchedNewest`, the newest that many unexpired invoices are left out: the wallet's watch
   * looks them up itself when it starts (its `pending`), so each is asked of the wallet once.
   */
  async function lookUpOpen(
    businessId: string,
    signal: AbortSignal,
    watchedNewest = 0,
  ): Promise<void> {
    const rows = await repo.open(businessId)
    const now = Date.now()
    const watched = new Set(
      rows
        .filter((r) => r.paymentHash && r.expiresAt && r.expiresAt.getTime() >= now)
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
        .slice(0, watchedNewest)
        .map((r) => r.id),
    )
    const toAsk = rows.filter((r) => r.paymentHash && !watched.has(r.id))
    if (toAsk.length === 0) return
    const wallet = await walletOf(businessId)
    if (!wallet) return
    for (const row of toAsk) {
      if (!row.paymentHash || signal.aborted) continue
      const hash = row.paymentHash
      const status = await withDeadline(callMs, (s) => wallet.lookupInvoice(hash, s), signal)
      if (status.state === 'settled') {
        await credit(businessId, {
          paymentHash: hash,
          amountPaidSat: status.amountPaidSat,
          settledAt: status.settledAt ?? new Date(),
        })
      } else if ((status.state === 'expired' || status.state === 'canceled') && !row.address) {
        // An address payment outlives its invoice: the expiry sweep decides, after its grace.
        await repo.move(row.id, 'expired')
      }
    }
  }

  /** The address's receipts applied to its payment: processing once seen, settled once confirmed. */
  async function applyReceipts(row: PaymentRow, receipts: AddressReceipt[]): Promise<void> {
    if (receipts.length === 0) return
    const receivedSat = receipts.reduce((sum, r) => sum + r.amountSat, 0)
    const confirmations = Math.min(...receipts.map((r) => r.confirmations))
    const txid = receipts[0]?.txid
    if (confirmations >= ONCHAIN_CONFIRMATIONS && receivedSat >= row.amountSat) {
      // A transaction already confirmed when first seen was never `processing`: its txid is
      // recorded here.
      await repo.settle(row.id, {
        receivedSat,
        settledAt: new Date(),
        fiatMinor: fiatFor(row, receivedSat),
        txid,
        confirmations,
      })
    } else if (
      row.status !== 'processing' ||
      row.confirmations !== confirmations ||
      row.receivedSat !== receivedSat
    ) {
      await repo.move(row.id, 'processing', {
        receivedSat,
        confirmations,
        txid,
      })
    }
  }

  const receiptsOf = (addresses: AddressReceiver, address: string, signal?: AbortSignal) =>
    withDeadline(callMs, (s) => addresses.receipts(address, s), signal)

  /**
   * An address payment is `processing` once seen and settled at one confirmation with the full
   * amount (the unified Lightning invoice of the same payment settles it too, whichever first).
   */
  async function followAddresses(businessId: string, signal?: AbortSignal): Promise<void> {
    const rows = await repo.openOnchain(businessId)
    if (rows.length === 0) return
    const addresses = (await walletOf(businessId))?.addresses
    if (!addresses) return
    for (const row of rows) {
      if (signal?.aborted) return
      await applyReceipts(row, await receiptsOf(addresses, row.address ?? '', signal))
    }
  }

  /**
   * Lapsed payments: the invoice asked of the wallet, then credited or expired. An unpaid
   * address payment is only handed here a grace period after its invoice lapsed, and its
   * address is looked at once more before it expires.
   */
  async function expireLapsed(businessId: string, now = new Date()): Promise<void> {
    const rows = await repo.lapsed(businessId, now, addressGraceMs)
    if (rows.length === 0) return
    const wallet = await walletOf(businessId)
    if (!wallet) return
    for (const row of rows) {
      if (!row.expiresAt || !row.paymentHash) continue
      const hash = row.paymentHash
      const status = await withDeadline(callMs, (s) => wallet.lookupInvoice(hash, s))
      if (status.state === 'settled') {
        await credit(businessId, {
          paymentHash: hash,
          amountPaidSat: status.amountPaidSat,
          settledAt: status.settledAt ?? now,
        })
        continue
      }
      if (row.address) {
        // Paid to the address after all: followed on instead of expired.
        const receipts = wallet.addresses ? await receiptsOf(wallet.addresses, row.address) : []
        if (receipts.length > 0) {
          await applyReceipts(row, receipts)
          continue
        }
      }
      if (status.state !== 'open' || row.expiresAt.getTime() < now.getTime() - EXPIRY_GRACE_MS) {
        // A backend that forgets expiries (an exchange after a restart) still says "open":
        // past the stored expiry and a grace period, nobody can pay it any more.
        await repo.move(row.id, 'expired')
      }
    }
  }

  return { credit, lookUpOpen, followAddresses, expireLapsed }
}

export type Settlements = ReturnType<typeof createSettlements>
