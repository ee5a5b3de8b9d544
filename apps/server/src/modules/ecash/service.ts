/**
 * Taking ecash: the payer hands over a Cashu token; the platform swaps its proofs for fresh
 * ones (so the payer can no longer spend them) and melts those at the mint to pay an invoice
 * of the business's own wallet. The business receives the token's value less the mint's fees
 * (input fees and Lightning routing); any change the mint returns is held for the business.
 *
 * Order: decode, check the mint and the proofs' states, then the payments module's one flow:
 * the payment row (with the page's idempotency key), the request (make sure the token covers
 * the fees before anything is spent, swap, invoice), the invoice attached; then melt, settle.
 */
import type { DomainError } from '../../lib/errors'
import type { BusinessRef, PaymentService } from '../payments/service'
import type { PaymentView } from '../payments/view'
import { sumSat } from './mint-client'
import { checkToken, holder, melt, swapAndInvoice, type Swapped } from './redemption'
import type { EcashRepo } from './repo'
import { normalizeMintUrl, readToken } from './token'

export { cleanToken, normalizeMintUrl } from './token'
export { ECASH_INVOICE_EXPIRY_SEC } from './redemption'

export interface RedeemInput {
  token: string
  memo?: string
  /** sent by the page: a retry of the same redemption gets the same payment */
  idempotencyKey?: string
}

export function createEcashService(deps: {
  repo: EcashRepo
  payments: PaymentService
  acceptedMints: string[]
  log?: (msg: string, err?: unknown) => void
}) {
  const accepted = deps.acceptedMints.map(normalizeMintUrl)
  const log = deps.log ?? (() => {})
  const { payments } = deps

  return {
    acceptedMints: () => [...accepted],

    async redeem(
      business: BusinessRef,
      input: RedeemInput,
      signal?: AbortSignal,
    ): Promise<PaymentView> {
      const info = readToken(input.token, accepted)
      const key = input.idempotencyKey ?? null
      // A retry of a redemption that went through: its token is spent by now, its payment stands.
      const replayed = key && (await payments.replay(business.id, key, requestOf(info.amountSat)))
      if (replayed) return replayed
      await payments.requireCapability(business.id, 'lightning')
      const token = await checkToken(info, input.memo, log, signal)

      let swapped: Swapped | undefined
      const outcome = await payments.receive(
        business,
        {
          ...requestOf(token.amountSat),
          memo: token.memo,
          idempotencyKey: key,
          status: 'processing',
        },
        'lightning',
        async (ctx) => {
          const hold = holder(deps.repo, business.id, ctx.paymentId, token.mintUrl)
          swapped = await swapAndInvoice(token, ctx, hold, log)
          return { invoice: swapped.invoice }
        },
        signal,
      )
      if (outcome.state !== 'attached' || !swapped) return payments.viewOf(outcome)
      const paymentId = outcome.row.id
      const { invoiceSat } = swapped
      // Until the melt returns, the fee is at most everything but the invoice.
      await payments.setFee(paymentId, token.amountSat - invoiceSat)

      let change
      try {
        change = await melt(token, swapped, log)
      } catch (err) {
        return payments.fail(business.id, paymentId, err as DomainError)
      }
      // In flight at the mint: the watcher credits the invoice when it settles.
      if (change === null) return payments.get(business.id, paymentId)

      // Paid: the business's invoice is settled; credit it with the mint's fees.
      const hold = holder(deps.repo, business.id, paymentId, token.mintUrl)
      await deps.repo.release(paymentId, 'kept')
      await hold('change', change)
      const feeSat = token.amountSat - invoiceSat - sumSat(change)
      // The fee stands whoever credits the invoice first (this, or the watcher seeing it paid).
      await payments.setFee(paymentId, feeSat)
      return payments.settle(business.id, paymentId, {
        receivedSat: invoiceSat,
        feeSat,
        currency: business.currency ?? 'USD',
      })
    },
  }
}

const requestOf = (amountSat: number) => ({ method: 'ecash' as const, amountSat, fiatMinor: null })

export type EcashService = ReturnType<typeof createEcashService>
