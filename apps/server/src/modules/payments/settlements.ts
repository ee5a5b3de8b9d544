/**
 * What a watcher does for one business whose wallet it holds: credit settled invoices, follow
 * on-chain addresses, expire lapsed invoices. Each asks the wallet and moves the payment rows;
 * a replayed settlement is credited once (the repository's conditional update).
 */
import { satToFiatMinor } from '../../lib/money'
import type { Settlement } from '../../wallets/wallet'
import type { FiatCurrency, PriceService } from '../price/service'
import type { PaymentRepo } from './repo'
import type { PaymentRow } from './row'
import type { WalletProvider } from './wallet-provider'

const EXPIRY_GRACE_MS = 60_000
/** Confirmations after which an on-chain payment counts as received. */
export const ONCHAIN_CONFIRMATIONS = 1

export interface SettlementDeps {
  repo: PaymentRepo
  wallets: WalletProvider
  price: PriceService
}

export function createSettlements({ repo, wallets, price }: SettlementDeps) {
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

  /** Looks up every open payment once: settled ones are credited, lapsed ones expire. */
  async function lookUpOpen(businessId: string, signal: AbortSignal): Promise<void> {
    const wallet = await wallets.forBusiness(businessId)
    if (!wallet) return
    for (const row of await repo.open(businessId)) {
      if (!row.paymentHash || signal.aborted) continue
      const status = await wallet.lookupInvoice(row.paymentHash, signal)
      if (status.state === 'settled') {
        await credit(businessId, {
          paymentHash: row.paymentHash,
          amountPaidSat: status.amountPaidSat,
          settledAt: status.settledAt ?? new Date(),
        })
      } else if (status.state === 'expired' || status.state === 'canceled') {
        await repo.move(row.id, 'expired')
      }
    }
  }

  /**
   * An address payment is `processing` once seen and settled at one confirmation with the full
   * amount (the unified Lightning invoice of the same payment settles it too, whichever first).
   */
  async function followAddresses(businessId: string): Promise<void> {
    const rows = await repo.openOnchain(businessId)
    if (rows.length === 0) return
    const wallet = await wallets.forBusiness(businessId)
    if (!wallet?.capabilities.onchain) return
    for (const row of rows) {
      const receipts = await wallet.addressReceipts(row.address ?? '')
      if (receipts.length === 0) continue
      const receivedSat = receipts.reduce((sum, r) => sum + r.amountSat, 0)
      const confirmations = Math.min(...receipts.map((r) => r.confirmations))
      const txid = receipts[0]?.txid ?? null
      if (confirmations >= ONCHAIN_CONFIRMATIONS && receivedSat >= row.amountSat) {
        await repo.settle(row.id, {
          receivedSat,
          settledAt: new Date(),
          fiatMinor: fiatFor(row, receivedSat),
        })
      } else if (
        row.status !== 'processing' ||
        row.confirmations !== confirmations ||
        row.receivedSat !== receivedSat
      ) {
        await repo.move(row.id, 'processing', {
          receivedSat,
          confirmations,
          txid: txid ?? undefined,
        })
      }
    }
  }

  /** Lapsed invoices: ask the wallet, then credit or expire. */
  async function expireLapsed(businessId: string, now = new Date()): Promise<void> {
    for (const row of await repo.lapsed(businessId, now)) {
      if (!row.expiresAt || !row.paymentHash) continue
      const wallet = await wallets.forBusiness(businessId)
      const status = await wallet?.lookupInvoice(row.paymentHash)
      if (status?.state === 'settled') {
        await credit(businessId, {
          paymentHash: row.paymentHash,
          amountPaidSat: status.amountPaidSat,
          settledAt: status.settledAt ?? now,
        })
      } else if (
        status &&
        (status.state !== 'open' || row.expiresAt.getTime() < now.getTime() - EXPIRY_GRACE_MS)
      ) {
        // A backend that forgets expiries (an exchange after a restart) still says "open":
        // past the stored expiry and a grace period, nobody can pay it any more.
        await repo.move(row.id, 'expired')
      }
    }
  }

  return { credit, lookUpOpen, followAddresses, expireLapsed }
}

export type Settlements = ReturnType<typeof createSettlements>
