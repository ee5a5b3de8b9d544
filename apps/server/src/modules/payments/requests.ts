/**
 * What a till asks for: a Lightning invoice, or an on-chain address (unified with a Lightning
 * invoice where the wallet can), for an amount keyed in sats or in the business's currency.
 */
import { fiatMinorToSat, MAX_PAYMENT_SAT } from '@app/domain'
import { DomainError } from '../../lib/errors'
import { WalletUnsupportedError } from '../../wallets/wallet'
import type { FiatCurrency, PriceService } from '../price'
import {
  currencyOf,
  viewOf,
  type Attachment,
  type BusinessRef,
  type Receiving,
  type RequestContext,
} from './receive'
import type { PaymentRow } from './row'
import type { PaymentView } from './view'

export const INVOICE_EXPIRY_SEC = 15 * 60
/**
 * A row this old without an invoice or an address has no wallet call of its own request left
 * running (each has its deadline, 30 s at most, and a request makes two at most).
 */
export const RESUME_AFTER_MS = 2 * 60_000

/** Open, never answered, and no longer being answered: its request died with its process. */
function isUnanswered(row: PaymentRow, now = Date.now()): boolean {
  return (
    (row.status === 'pending' || row.status === 'processing') &&
    row.paymentHash === null &&
    row.address === null &&
    now - row.createdAt.getTime() > RESUME_AFTER_MS
  )
}
/** The Lightning half of a unified on-chain request lives as long as an address is watched. */
const UNIFIED_INVOICE_EXPIRY_SEC = 24 * 3600

export type AmountInput = { sat: number } | { fiatMinor: number }

export interface PaymentRequestInput {
  amount: AmountInput
  memo: string
  idempotencyKey?: string
  /** how long the invoice (a unified request's too) can be paid; default INVOICE_EXPIRY_SEC */
  expirySec?: number
  /** taken at a device: which, by whom, for which order of the till */
  origin?: { deviceId: string; staffId: string | null; orderReference: string | null }
}

export function checkAmount(amountSat: number) {
  if (amountSat < 1 || amountSat > MAX_PAYMENT_SAT) {
    throw new DomainError('VALIDATION', 'The amount is out of range', {
      minSat: 1,
      maxSat: MAX_PAYMENT_SAT,
    })
  }
}

export function createPaymentRequests(deps: { receiving: Receiving; price: PriceService }) {
  const { receiving } = deps

  /** Resolves the amount in sats and fiat; fiat keyed in is kept exactly as keyed. */
  async function amounts(business: BusinessRef, amount: AmountInput) {
    const price = await deps.price.get()
    const rate = price.minorPerBtc[currencyOf(business) as FiatCurrency]
    const amountSat = 'sat' in amount ? amount.sat : fiatMinorToSat(amount.fiatMinor, rate)
    checkAmount(amountSat)
    return { amountSat, fiatMinor: 'fiatMinor' in amount ? amount.fiatMinor : null, rate }
  }

  /**
   * The wallet must be able to take `method` (checked before the price is asked, so a business
   * without one hears that first), the amount is resolved, then the one payment flow runs.
   */
  async function request(
    business: BusinessRef,
    input: PaymentRequestInput,
    method: 'lightning' | 'onchain',
    ask: (amountSat: number) => (ctx: RequestContext) => Promise<Attachment>,
    signal?: AbortSignal,
  ): Promise<PaymentView> {
    await receiving.requireWallet(business.id, method)
    const { amountSat, fiatMinor } = await amounts(business, input.amount)
    const spec = {
      method,
      amountSat,
      fiatMinor,
      memo: input.memo,
      idempotencyKey: input.idempotencyKey ?? null,
      ...input.origin,
    }
    const outcome = await receiving.receive(business, spec, method, ask(amountSat), signal)
    // A retry of a request whose process stopped before the wallet's answer was attached: asked
    // again now, once no call of the first request can still be running.
    if (outcome.state === 'replayed' && isUnanswered(outcome.row)) {
      const { row } = outcome
      const resumed = await receiving.resume(
        business.id,
        row.id,
        method,
        ask(row.amountSat),
        signal,
      )
      if (resumed) return resumed
    }
    return viewOf(outcome)
  }

  return {
    createLightning(business: BusinessRef, input: PaymentRequestInput, signal?: AbortSignal) {
      return request(
        business,
        input,
        'lightning',
        (amountSat) =>
          async ({ invoice }) => ({
            invoice: await invoice({
              amountSat,
              memo: input.memo,
              expirySec: input.expirySec ?? INVOICE_EXPIRY_SEC,
            }),
          }),
        signal,
      )
    },

    createOnchain(business: BusinessRef, input: PaymentRequestInput, signal?: AbortSignal) {
      return request(
        business,
        input,
        'onchain',
        (amountSat) =>
          async ({ invoice, wallet, takesLightning }) => {
            // the request is made only for a wallet whose capabilities say onchain
            if (!wallet.addresses) throw new WalletUnsupportedError('hand out on-chain addresses')
            const address = await wallet.addresses.newAddress(signal)
            // Unified: the same amount can also be paid over Lightning where the wallet can now
            // (an own node with no open channel yet takes the address only).
            if (!takesLightning) return { address }
            const expirySec = input.expirySec ?? UNIFIED_INVOICE_EXPIRY_SEC
            return { address, invoice: await invoice({ amountSat, memo: input.memo, expirySec }) }
          },
        signal,
      )
    },
  }
}
