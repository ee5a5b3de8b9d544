/**
 * Taking ecash: the payer hands over a Cashu token; the platform swaps its proofs for fresh
 * ones (so the payer can no longer spend them) and melts those at the mint to pay an invoice
 * of the business's own wallet. The business receives the token's value less the mint's fees
 * (input fees and Lightning routing); any change the mint returns is held for the business.
 *
 * Order: decode, check the mint and the proofs' states, write the payment row, make sure the
 * token covers the fees (before anything is spent), swap, invoice, melt, settle.
 */
import { getTokenMetadata, MintOperationError, type Proof, type Wallet } from '@cashu/cashu-ts'
import { DomainError } from '../../lib/errors'
import { satToFiatMinor } from '../../lib/money'
import type { PaymentRepo, PaymentRow } from '../payments/repo'
import { MAX_PAYMENT_SAT, type BusinessRef } from '../payments/service'
import { paymentView, type PaymentView } from '../payments/view'
import type { WalletProvider } from '../payments/wallet-provider'
import type { WalletWatchers } from '../payments/watchers'
import type { PriceService } from '../price/service'
import type { Wallet as BusinessWallet, WalletInvoice } from '../../wallets/wallet'
import { CashuErrorCode, mintCode, openMintWallet, proofsJson, sumSat } from './mint-client'
import type { EcashRepo } from './repo'

/** The invoice the mint pays is short-lived: it is paid within the same request. */
export const ECASH_INVOICE_EXPIRY_SEC = 600
const MEMO_MAX = 200

export const normalizeMintUrl = (url: string) => url.trim().replace(/\/+$/, '')

/** The token text without whitespace and without a `cashu:` URI prefix. */
export function cleanToken(raw: string): string {
  const compact = raw.replace(/\s+/g, '')
  return compact.replace(/^(web\+)?cashu:(\/\/)?/i, '')
}

function popcount(n: number): number {
  let count = 0
  for (let v = n; v > 0; v = Math.floor(v / 2)) count += v % 2
  return count
}

export function createEcashService(deps: {
  repo: EcashRepo
  payments: PaymentRepo
  wallets: WalletProvider
  watchers: WalletWatchers
  price: PriceService
  acceptedMints: string[]
  log?: (msg: string, err?: unknown) => void
}) {
  const accepted = deps.acceptedMints.map(normalizeMintUrl)
  const log = deps.log ?? (() => {})

  function fiatFor(currency: string, sat: number): number | null {
    const rate = deps.price.peek()?.minorPerBtc[currency as 'GBP' | 'USD' | 'EUR']
    return rate ? satToFiatMinor(sat, rate) : null
  }

  async function businessWallet(businessId: string): Promise<BusinessWallet> {
    const wallet = await deps.wallets.forBusiness(businessId)
    if (!wallet) throw new DomainError('NO_WALLET', 'This business has no wallet connected')
    if (!wallet.capabilities.lightning) {
      throw new DomainError('WALLET_UNSUPPORTED', 'This wallet cannot receive Lightning payments')
    }
    return wallet
  }

  function unavailable(err: unknown): DomainError {
    log('ecash mint', err)
    return new DomainError('ECASH_MINT_UNAVAILABLE', 'The mint did not answer. Try again.')
  }

  /** A failure after the row exists: the row fails with the code as its reason. */
  async function fail(row: PaymentRow, error: DomainError): Promise<never> {
    await deps.payments.move(row.id, 'failed', { failureReason: error.code })
    throw error
  }

  return {
    acceptedMints: () => [...accepted],

    async redeem(
      business: BusinessRef,
      input: { token: string; memo?: string },
      signal?: AbortSignal,
    ): Promise<PaymentView> {
      // 1. Decode: which mint, which unit, how much.
      const text = cleanToken(input.token)
      let meta: ReturnType<typeof getTokenMetadata>
      try {
        meta = getTokenMetadata(text)
      } catch {
        throw new DomainError('ECASH_TOKEN_INVALID', 'This is not a Cashu token')
      }
      if ((meta.unit || 'sat') !== 'sat') {
        throw new DomainError('ECASH_TOKEN_INVALID', 'Only tokens in sats are accepted', {
          unit: meta.unit,
        })
      }
      // 2. A mint the business accepts, before any request goes to it.
      const mintUrl = normalizeMintUrl(meta.mint)
      if (!accepted.includes(mintUrl)) {
        throw new DomainError('ECASH_MINT_NOT_ACCEPTED', 'Ecash from this mint is not accepted', {
          mint: mintUrl,
        })
      }
      const wallet = await businessWallet(business.id)
      let mint: Wallet
      try {
        mint = await openMintWallet(mintUrl, signal)
      } catch (err) {
        throw unavailable(err)
      }
      let proofs: Proof[]
      let memo: string
      try {
        const token = mint.decodeToken(text)
        proofs = token.proofs
        memo = (input.memo?.trim() || token.memo?.trim() || '').slice(0, MEMO_MAX)
      } catch {
        throw new DomainError('ECASH_TOKEN_INVALID', 'This token does not match its mint')
      }
      const amountSat = sumSat(proofs)
      if (proofs.length === 0 || amountSat < 1) {
        throw new DomainError('ECASH_TOKEN_INVALID', 'This token is empty')
      }
      if (amountSat > MAX_PAYMENT_SAT) {
        throw new DomainError('VALIDATION', 'The amount is out of range', {
          minSat: 1,
          maxSat: MAX_PAYMENT_SAT,
        })
      }
      // 3. Not spent already (the swap below settles any race for good).
      let states: Awaited<ReturnType<Wallet['checkProofsStates']>>
      try {
        states = await mint.checkProofsStates(proofs)
      } catch (err) {
        throw unavailable(err)
      }
      if (states.some((s) => s.state !== 'UNSPENT')) {
        throw new DomainError('ECASH_TOKEN_SPENT', 'This token has already been spent')
      }

      // 4. The payment row, before anything is asked of the business's wallet or spent.
      const currency = business.currency ?? 'USD'
      const { row: inserted } = await deps.payments.insert({
        businessId: business.id,
        method: 'ecash',
        amountSat,
        currency,
        fiatMinor: null,
        memo,
      })
      const row = (await deps.payments.move(inserted.id, 'processing')) ?? inserted

      // 5a. Does the token cover the fees? Input fees of the swap and of the melt, and the
      // routing reserve the mint holds back for an invoice of about that size.
      const swapFee = mint.getFeesForProofs(proofs).toNumber()
      const afterSwap = amountSat - swapFee
      const meltFeeEstimate =
        afterSwap > 0 ? mint.getFeesForKeyset(popcount(afterSwap), mint.keysetId).toNumber() : 0
      const trialSat = afterSwap - meltFeeEstimate
      const tooSmall = (details: Record<string, unknown>) =>
        new DomainError('ECASH_TOKEN_TOO_SMALL', 'This token does not cover the mint’s fees', {
          amountSat,
          ...details,
        })
      if (trialSat < 1) return fail(row, tooSmall({ feeSat: swapFee + meltFeeEstimate }))
      let trialInvoice: WalletInvoice
      let reserve: number
      try {
        trialInvoice = await wallet.createInvoice(
          { amountSat: trialSat, memo, expirySec: ECASH_INVOICE_EXPIRY_SEC },
          signal,
        )
      } catch (err) {
        log('ecash invoice', err)
        return fail(row, new DomainError('WALLET_UNAVAILABLE', 'The wallet did not answer.'))
      }
      try {
        const quote = await mint.createMeltQuoteBolt11(trialInvoice.paymentRequest)
        reserve = quote.fee_reserve.toNumber()
      } catch (err) {
        return fail(row, unavailable(err))
      }
      if (trialSat - reserve < 1) {
        return fail(row, tooSmall({ feeSat: swapFee + meltFeeEstimate + reserve }))
      }

      // 5b. Swap: the proofs become the platform's; the payer's copy is spent from now on.
      let fresh: Proof[]
      try {
        fresh = await mint.receive({ mint: meta.mint, proofs, unit: 'sat' })
      } catch (err) {
        const code = mintCode(err)
        if (code === CashuErrorCode.ALREADY_SPENT || code === CashuErrorCode.PENDING) {
          return fail(
            row,
            new DomainError('ECASH_TOKEN_SPENT', 'This token has already been spent'),
          )
        }
        if (err instanceof MintOperationError) {
          return fail(row, new DomainError('ECASH_TOKEN_INVALID', 'The mint refused this token'))
        }
        return fail(row, unavailable(err))
      }
      const keep = (reason: 'change' | 'kept', held: Proof[]) =>
        deps.repo.hold({
          businessId: business.id,
          paymentId: row.id,
          mintUrl,
          reason,
          proofs: proofsJson(held),
        })
      // Held until the melt has spent them, so an operator can refund if it never does.
      await keep('kept', fresh)

      // 5c. The invoice the mint pays: what the fresh proofs cover after the melt's fees.
      const freshSat = sumSat(fresh)
      const meltInputFee = mint.getFeesForProofs(fresh).toNumber()
      const invoiceSat = Math.min(freshSat - meltInputFee, trialSat) - reserve
      if (invoiceSat < 1) {
        return fail(row, tooSmall({ feeSat: amountSat - freshSat + meltInputFee + reserve }))
      }
      let invoice = trialInvoice
      try {
        if (invoiceSat !== trialSat) {
          invoice = await wallet.createInvoice(
            { amountSat: invoiceSat, memo, expirySec: ECASH_INVOICE_EXPIRY_SEC },
            signal,
          )
        }
      } catch (err) {
        log('ecash invoice', err)
        return fail(row, new DomainError('WALLET_UNAVAILABLE', 'The wallet did not answer.'))
      }
      await deps.payments.attachInvoice(row.id, invoice)
      // Until the melt returns, the fee is at most everything but the invoice.
      await deps.repo.setFee(row.id, amountSat - invoiceSat)
      void deps.watchers.poke(business.id)

      // 6. Melt: the mint pays the business's invoice with the fresh proofs.
      let change: Proof[]
      try {
        const quote = await mint.createMeltQuoteBolt11(invoice.paymentRequest)
        const needed = quote.amount.toNumber() + quote.fee_reserve.toNumber() + meltInputFee
        if (needed > freshSat) {
          return fail(row, tooSmall({ feeSat: amountSat - invoiceSat }))
        }
        const melted = await mint.meltProofsBolt11(quote, fresh)
        if (melted.quote.state !== 'PAID') {
          // In flight at the mint: the watcher credits the invoice when it settles.
          return paymentView((await deps.payments.find(business.id, row.id)) ?? row)
        }
        change = melted.change
      } catch (err) {
        log('ecash melt', err)
        return fail(
          row,
          err instanceof MintOperationError
            ? new DomainError('ECASH_MELT_FAILED', 'The mint could not pay the invoice')
            : unavailable(err),
        )
      }

      // 7. Paid: the business's invoice is settled; credit it with the mint's fees.
      await deps.repo.release(row.id, 'kept')
      await keep('change', change)
      const feeSat = amountSat - invoiceSat - sumSat(change)
      await deps.repo.setFee(row.id, feeSat)
      const settled = await deps.payments.settle(row.id, {
        receivedSat: invoiceSat,
        settledAt: new Date(),
        fiatMinor: fiatFor(currency, invoiceSat),
        feeSat,
      })
      return paymentView(settled ?? (await deps.payments.find(business.id, row.id)) ?? row)
    },
  }
}

export type EcashService = ReturnType<typeof createEcashService>
