/**
 * The steps of taking a Cashu token at its mint, each one thing: check the proofs, see that the
 * token covers the fees, swap the proofs for the platform's own, invoice what they cover, melt.
 * Each step throws a domain error the payer can be told.
 *
 * The platform's proofs are derived from its wallet seed (NUT-13) with counters reserved on the
 * redemption's row before the mint is asked, so a swap or melt whose answer is lost can be
 * restored from the mint (NUT-09); a melt whose outcome is open is looked up later (recovery.ts).
 */
import { MAX_PAYMENT_SAT } from '@app/domain'
import { MintOperationError, type Proof, type Wallet } from '@cashu/cashu-ts'
import { DomainError } from '../../lib/errors'
import type { WalletInvoice } from '../../wallets/wallet'
import { refusal, type RequestContext } from '../payments'
import {
  CashuErrorCode,
  DERIVED,
  isRefusal,
  mintCode,
  openMintWallet,
  proofsJson,
  seededWallet,
  sumSat,
} from './mint-client'
import type { EcashRepo } from './repo'
import { redemptionCounters, restoreUnspent } from './restore'
import type { TokenInfo } from './token'

/** The invoice the mint pays is short-lived: it is paid within the same request. */
export const ECASH_INVOICE_EXPIRY_SEC = 600
const MEMO_MAX = 200

type Log = (msg: string, err?: unknown) => void

/** A token whose proofs the mint knows and has not seen spent. */
export interface CheckedToken extends TokenInfo {
  /** the mint with its keys, random outputs (reads only) */
  mintWallet: Wallet
  proofs: Proof[]
  /** the proofs' value */
  amountSat: number
  memo: string
}

/** The proofs, now the platform's, and the invoice of the business's wallet they pay. */
export interface Swapped {
  /** the platform's deterministic wallet at the token's mint, for this redemption */
  wallet: Wallet
  fresh: Proof[]
  invoice: WalletInvoice
  invoiceSat: number
  meltInputFee: number
}

function mintUnavailable(log: Log, err: unknown): DomainError {
  log('ecash mint', err)
  return new DomainError('ECASH_MINT_UNAVAILABLE', 'The mint did not answer. Try again.')
}

const tooSmall = (amountSat: number, feeSat: number) =>
  new DomainError('ECASH_TOKEN_TOO_SMALL', 'This token does not cover the mint’s fees', {
    amountSat,
    feeSat,
  })

function popcount(n: number): number {
  let count = 0
  for (let v = n; v > 0; v = Math.floor(v / 2)) count += v % 2
  return count
}

/** Opens the token's mint, decodes its proofs and checks none is spent (nothing is spent yet). */
export async function checkToken(
  token: TokenInfo,
  memoInput: string | undefined,
  log: Log,
  signal?: AbortSignal,
  timeoutMs?: number,
): Promise<CheckedToken> {
  let mintWallet: Wallet
  try {
    mintWallet = await openMintWallet(token.mintUrl, signal, timeoutMs)
  } catch (err) {
    throw mintUnavailable(log, err)
  }
  let proofs: Proof[]
  let memo: string
  try {
    const decoded = mintWallet.decodeToken(token.text)
    proofs = decoded.proofs
    memo = (memoInput?.trim() || decoded.memo?.trim() || '').slice(0, MEMO_MAX)
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
  // Not spent already (the swap settles any race for good).
  let states: Awaited<ReturnType<Wallet['checkProofsStates']>>
  try {
    states = await mintWallet.checkProofsStates(proofs)
  } catch (err) {
    throw mintUnavailable(log, err)
  }
  if (states.some((s) => s.state !== 'UNSPENT')) {
    throw new DomainError('ECASH_TOKEN_SPENT', 'This token has already been spent')
  }
  return { ...token, mintWallet, proofs, amountSat, memo }
}

async function invoiceOf(ctx: RequestContext, log: Log, amountSat: number, memo: string) {
  try {
    return await ctx.invoice({ amountSat, memo, expirySec: ECASH_INVOICE_EXPIRY_SEC })
  } catch (err) {
    log('ecash invoice', err)
    // What the payer is told: a node that is not ready says so, anything else is unavailable.
    throw refusal(err)
  }
}

/**
 * Does the token cover the fees? Input fees of the swap and of the melt, and the routing
 * reserve the mint holds back for an invoice of about that size (asked with a trial invoice).
 */
async function coverFees(t: CheckedToken, ctx: RequestContext, log: Log) {
  const { mintWallet: mint, proofs, amountSat } = t
  const swapFee = mint.getFeesForProofs(proofs).toNumber()
  const afterSwap = amountSat - swapFee
  const meltFeeEstimate =
    afterSwap > 0 ? mint.getFeesForKeyset(popcount(afterSwap), mint.keysetId).toNumber() : 0
  const trialSat = afterSwap - meltFeeEstimate
  if (trialSat < 1) throw tooSmall(amountSat, swapFee + meltFeeEstimate)
  const trialInvoice = await invoiceOf(ctx, log, trialSat, t.memo)
  let reserve: number
  try {
    const quote = await mint.createMeltQuoteBolt11(trialInvoice.paymentRequest)
    reserve = quote.fee_reserve.toNumber()
  } catch (err) {
    throw mintUnavailable(log, err)
  }
  if (trialSat - reserve < 1) throw tooSmall(amountSat, swapFee + meltFeeEstimate + reserve)
  return { trialSat, trialInvoice, reserve }
}

/** What a redemption needs besides its token: where its state is kept, the wallet seed. */
export interface RedemptionDeps {
  repo: EcashRepo
  seed: () => Promise<Uint8Array>
  log: Log
}

/** The redemption's row with its counters, then the platform's wallet reserving them on it. */
async function redemptionWallet(
  t: CheckedToken,
  deps: RedemptionDeps,
  ref: { paymentId: string; businessId: string; currency: string | null },
): Promise<Wallet> {
  await deps.repo.startRedemption({
    paymentId: ref.paymentId,
    businessId: ref.businessId,
    mintUrl: t.mintUrl,
    tokenSat: t.amountSat,
    currency: ref.currency,
  })
  const counters = redemptionCounters(deps.repo, ref.paymentId, t.mintUrl)
  return seededWallet(t.mintWallet, await deps.seed(), counters)
}

/**
 * The swap: the proofs become the platform's; the payer's copy is spent from now on. When the
 * mint's answer is lost, what it signed is restored from the counters reserved for it; when
 * that fails too, the redemption is left for the recovery job to restore and hold.
 */
async function swap(
  t: CheckedToken,
  wallet: Wallet,
  deps: RedemptionDeps,
  paymentId: string,
): Promise<Proof[]> {
  const { log } = deps
  try {
    return await wallet.receive({ mint: t.mint, proofs: t.proofs, unit: 'sat' }, {}, DERIVED)
  } catch (err) {
    if (isRefusal(err) || mintCode(err) === CashuErrorCode.PENDING) {
      // Refused: nothing was swapped, nothing to restore.
      await deps.repo.finish(paymentId, 'swap')
      const code = mintCode(err)
      if (code === CashuErrorCode.ALREADY_SPENT || code === CashuErrorCode.PENDING) {
        throw new DomainError('ECASH_TOKEN_SPENT', 'This token has already been spent')
      }
      if (err instanceof MintOperationError) {
        throw new DomainError('ECASH_TOKEN_INVALID', 'The mint refused this token')
      }
    }
    log('ecash swap: answer lost, restoring', err)
    const redemption = await deps.repo.redemption(paymentId)
    const restored = redemption
      ? await restoreUnspent(wallet, redemption.counters).catch((e: unknown) => {
          log('ecash restore', e)
          return []
        })
      : []
    if (restored.length === 0) throw mintUnavailable(log, err)
    return restored
  }
}

/**
 * The request of an ecash payment: fees covered, proofs swapped (and kept, so an operator can
 * refund if the melt never spends them), then the invoice the mint will pay.
 */
export async function swapAndInvoice(
  t: CheckedToken,
  ctx: RequestContext,
  deps: RedemptionDeps,
  business: { id: string; currency: string | null },
): Promise<Swapped> {
  const { log } = deps
  const { trialSat, trialInvoice, reserve } = await coverFees(t, ctx, log)
  const ref = { paymentId: ctx.paymentId, businessId: business.id, currency: business.currency }
  const wallet = await redemptionWallet(t, deps, ref)
  const fresh = await swap(t, wallet, deps, ctx.paymentId)
  const kept = { businessId: business.id, paymentId: ctx.paymentId, mintUrl: t.mintUrl }
  await deps.repo.swapped(ctx.paymentId, { ...kept, reason: 'kept', proofs: proofsJson(fresh) })
  // What the fresh proofs cover after the melt's fees.
  const freshSat = sumSat(fresh)
  const meltInputFee = t.mintWallet.getFeesForProofs(fresh).toNumber()
  const invoiceSat = Math.min(freshSat - meltInputFee, trialSat) - reserve
  if (invoiceSat < 1) {
    throw tooSmall(t.amountSat, t.amountSat - freshSat + meltInputFee + reserve)
  }
  const invoice =
    invoiceSat === trialSat ? trialInvoice : await invoiceOf(ctx, log, invoiceSat, t.memo)
  return { wallet, fresh, invoice, invoiceSat, meltInputFee }
}

/** How a melt ended: paid (with its change), or open (the mint may still pay). */
export type MeltOutcome = { state: 'paid'; change: Proof[] } | { state: 'open' }

/**
 * The melt: the mint pays the business's invoice with the fresh proofs. Paid with its change;
 * open while the payment is in flight at the mint or its answer was lost (timeout, 5xx): the
 * quote is written before the melt is asked, and its state decides later. Only a refusal fails.
 */
export async function melt(
  t: CheckedToken,
  s: Swapped,
  deps: RedemptionDeps,
  paymentId: string,
): Promise<MeltOutcome> {
  const { log, repo } = deps
  let quote
  try {
    quote = await s.wallet.createMeltQuoteBolt11(s.invoice.paymentRequest)
  } catch (err) {
    // Nothing was spent: the proofs stay held (kept) for the business.
    await repo.finish(paymentId, 'melt')
    log('ecash melt quote', err)
    throw mintUnavailable(log, err)
  }
  const needed = quote.amount.toNumber() + quote.fee_reserve.toNumber() + s.meltInputFee
  if (needed > sumSat(s.fresh)) {
    await repo.finish(paymentId, 'melt')
    throw tooSmall(t.amountSat, t.amountSat - s.invoiceSat)
  }
  // Another look (the recovery sweep) is melting these proofs already: its quote decides.
  if (!(await repo.melting(paymentId, quote.quote, s.invoiceSat))) return { state: 'open' }
  try {
    const melted = await s.wallet.meltProofsBolt11(quote, s.fresh, {}, DERIVED)
    return melted.quote.state === 'PAID'
      ? { state: 'paid', change: melted.change }
      : { state: 'open' }
  } catch (err) {
    log('ecash melt', err)
    if (!isRefusal(err)) return { state: 'open' }
    await repo.finish(paymentId, 'melt')
    throw new DomainError('ECASH_MELT_FAILED', 'The mint could not pay the invoice')
  }
}
