/**
 * Taking payments. The payment row is written first, then the wallet is asked for an invoice;
 * pages follow a payment through a subscription fed by pg_notify, so a settlement seen by any
 * instance reaches a browser connected to any other.
 */
import { DomainError } from '../../lib/errors'
import { fiatMinorToSat, satToFiatMinor } from '../../lib/money'
import type { PgEventBus } from '../../lib/pg-events'
import { WalletUnsupportedError, type Wallet } from '../../wallets/wallet'
import type { FiatCurrency, PriceService } from '../price/service'
import { PAYMENT_EVENTS_CHANNEL, type PaymentRepo, type PaymentRow } from './repo'
import { isFinal, paymentView, type PaymentView } from './view'
import type { WalletProvider } from './wallet-provider'
import type { WalletWatchers } from './watchers'

export const INVOICE_EXPIRY_SEC = 15 * 60
export const MAX_PAYMENT_SAT = 100_000_000

export type AmountInput = { sat: number } | { fiatMinor: number }

export interface BusinessRef {
  id: string
  currency: string | null
}

export function createPaymentService(deps: {
  repo: PaymentRepo
  wallets: WalletProvider
  watchers: WalletWatchers
  price: PriceService
  bus: PgEventBus
}) {
  const { repo, wallets } = deps

  async function requireWallet(businessId: string, need: 'lightning' | 'onchain'): Promise<Wallet> {
    const wallet = await wallets.forBusiness(businessId)
    if (!wallet) throw new DomainError('NO_WALLET', 'This business has no wallet connected')
    if (!wallet.capabilities[need]) {
      throw new DomainError('WALLET_UNSUPPORTED', `This wallet cannot take ${need} payments`)
    }
    return wallet
  }

  /** Resolves the amount in sats and fiat; fiat keyed in is kept exactly as keyed. */
  async function amounts(currency: FiatCurrency, amount: AmountInput) {
    const price = await deps.price.get()
    const rate = price.minorPerBtc[currency]
    const amountSat = 'sat' in amount ? amount.sat : fiatMinorToSat(amount.fiatMinor, rate)
    if (amountSat < 1 || amountSat > MAX_PAYMENT_SAT) {
      throw new DomainError('VALIDATION', 'The amount is out of range', {
        minSat: 1,
        maxSat: MAX_PAYMENT_SAT,
      })
    }
    return { amountSat, fiatMinor: 'fiatMinor' in amount ? amount.fiatMinor : null, rate }
  }

  async function failed(row: PaymentRow, err: unknown): Promise<never> {
    const reason = err instanceof Error ? err.message : 'wallet error'
    await repo.move(row.id, 'failed', { failureReason: reason })
    if (err instanceof WalletUnsupportedError) throw new DomainError('WALLET_UNSUPPORTED', reason)
    throw new DomainError('WALLET_UNAVAILABLE', 'The wallet did not answer. Try again.')
  }

  return {
    async createLightning(
      business: BusinessRef,
      input: { amount: AmountInput; memo: string; idempotencyKey?: string },
      signal?: AbortSignal,
    ): Promise<PaymentView> {
      const wallet = await requireWallet(business.id, 'lightning')
      const currency = (business.currency ?? 'USD') as FiatCurrency
      const { amountSat, fiatMinor } = await amounts(currency, input.amount)
      const { row, isNew } = await repo.insert({
        businessId: business.id,
        method: 'lightning',
        amountSat,
        currency,
        fiatMinor,
        memo: input.memo,
        idempotencyKey: input.idempotencyKey ?? null,
      })
      if (!isNew) return paymentView(row)
      let withInvoice: PaymentRow
      try {
        const invoice = await wallet.createInvoice(
          { amountSat, memo: input.memo, expirySec: INVOICE_EXPIRY_SEC },
          signal,
        )
        withInvoice = await repo.attachInvoice(row.id, invoice)
      } catch (err) {
        return failed(row, err)
      }
      void deps.watchers.poke(business.id)
      return paymentView(withInvoice)
    },

    async createOnchain(
      business: BusinessRef,
      input: { amount: AmountInput; memo: string; idempotencyKey?: string },
      signal?: AbortSignal,
    ): Promise<PaymentView> {
      const wallet = await requireWallet(business.id, 'onchain')
      const currency = (business.currency ?? 'USD') as FiatCurrency
      const { amountSat, fiatMinor } = await amounts(currency, input.amount)
      const { row, isNew } = await repo.insert({
        businessId: business.id,
        method: 'onchain',
        amountSat,
        currency,
        fiatMinor,
        memo: input.memo,
        idempotencyKey: input.idempotencyKey ?? null,
      })
      if (!isNew) return paymentView(row)
      try {
        const address = await wallet.newAddress(signal)
        let updated = await repo.attachAddress(row.id, address)
        // Unified: the same amount can also be paid over Lightning where the wallet can.
        if (wallet.capabilities.lightning) {
          const invoice = await wallet.createInvoice(
            { amountSat, memo: input.memo, expirySec: 24 * 3600 },
            signal,
          )
          updated = await repo.attachInvoice(row.id, invoice)
        }
        void deps.watchers.poke(business.id)
        return paymentView(updated)
      } catch (err) {
        return failed(row, err)
      }
    },

    async get(businessId: string, id: string): Promise<PaymentView> {
      const row = await repo.find(businessId, id)
      if (!row) throw new DomainError('NOT_FOUND', 'Payment not found')
      return paymentView(row)
    },

    /** The payment now and after every change, until it is final or the client goes away. */
    async *follow(businessId: string, id: string, signal: AbortSignal | undefined) {
      const changes = await deps.bus.listen(
        PAYMENT_EVENTS_CHANNEL,
        (payload) => (payload as { id?: string }).id === id,
        signal,
      )
      try {
        let last: PaymentRow | undefined
        let mustRead = true
        while (!signal?.aborted) {
          // A change announced while the row was read or handed over is taken on the next turn.
          if (mustRead || changes.take()) {
            mustRead = false
            last = await repo.find(businessId, id)
            if (!last) throw new DomainError('NOT_FOUND', 'Payment not found')
            yield paymentView(last)
            if (isFinal(last.status)) return
            continue
          }
          const expiresAt = last?.expiresAt
          const untilExpiry = expiresAt ? expiresAt.getTime() - Date.now() + 1500 : 60_000
          await changes.wait(Math.max(1000, Math.min(untilExpiry, 60_000)))
          // Past expiry, ask the watcher to look; its change arrives as an event.
          if (expiresAt && expiresAt.getTime() < Date.now()) {
            mustRead = true
            await deps.watchers.poke()
          }
        }
      } finally {
        changes.close()
      }
    },

    fiatOf: satToFiatMinor,
  }
}

export type PaymentService = ReturnType<typeof createPaymentService>
