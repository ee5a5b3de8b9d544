/**
 * The steps of taking a Cashu token at its mint, each one thing: check the proofs, see that the
 * token covers the fees, swap the proofs for the platform's own, invoice what they cover, melt.
 * Each step throws a domain error the payer can be told.
 */
import { MintOperationError, type Proof, type Wallet } from '@cashu/cashu-ts'
import { DomainError } from '../../lib/errors'
import type { WalletInvoice } from '../../wallets/wallet'
import { MAX_PAYMENT_SAT, type RequestContext } from '../payments/service'
import { CashuErrorCode, mintCode, openMintWallet, proofsJson, sumSat } from './mint-client'
import type { EcashRepo } from './repo'
import type { TokenInfo } from './token'

/** The invoice the mint pays is short-lived: it is paid within the same request. */
export const ECASH_INVOICE_EXPIRY_SEC = 600
const MEMO_MAX = 200

type Log = (msg: string, err?: unknown) => void

/** A token whose proofs the mint knows and has not seen spent. */
export interface CheckedToken extends TokenInfo {
  mintWallet: Wallet
  proofs: Proof[]
  /** the proofs' value */
  amountSat: number
  memo: string
}

/** The proofs, now the platform's, and the invoice of the business's wallet they pay. */
export interface Swapped {
  fresh: Proof[]
  invoice: WalletInvoice
  invoiceSat: number
  meltInputFee: number
}

export function mintUnavailable(log: Log, err: unknown): DomainError {
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
): Promise<CheckedToken> {
  let mintWallet: Wallet
  try {
    mintWallet = await openMintWallet(token.mintUrl, signal)
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
    throw new DomainError('WALLET_UNAVAILABLE', 'The wallet did not answer.')
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

/** The swap: the proofs become the platform's; the payer's copy is spent from now on. */
async function swap(t: CheckedToken, log: Log): Promise<Proof[]> {
  try {
    return await t.mintWallet.receive({ mint: t.mint, proofs: t.proofs, unit: 'sat' })
  } catch (err) {
    const code = mintCode(err)
    if (code === CashuErrorCode.ALREADY_SPENT || code === CashuErrorCode.PENDING) {
      throw new DomainError('ECASH_TOKEN_SPENT', 'This token has already been spent')
    }
    if (err instanceof MintOperationError) {
      throw new DomainError('ECASH_TOKEN_INVALID', 'The mint refused this token')
    }
    throw mintUnavailable(log, err)
  }
}

/** Holds proofs for the business: change, or proofs kept until the melt has spent them. */
export function holder(repo: EcashRepo, businessId: string, paymentId: string, mintUrl: string) {
  return (reason: 'change' | 'kept', held: Proof[]) =>
    repo.hold({ businessId, paymentId, mintUrl, reason, proofs: proofsJson(held) })
}

/**
 * The request of an ecash payment: fees covered, proofs swapped (and kept, so an operator can
 * refund if the melt never spends them), then the invoice the mint will pay.
 */
export async function swapAndInvoice(
  t: CheckedToken,
  ctx: RequestContext,
  hold: ReturnType<typeof holder>,
  log: Log,
): Promise<Swapped> {
  const { trialSat, trialInvoice, reserve } = await coverFees(t, ctx, log)
  const fresh = await swap(t, log)
  await hold('kept', fresh)
  // What the fresh proofs cover after the melt's fees.
  const freshSat = sumSat(fresh)
  const meltInputFee = t.mintWallet.getFeesForProofs(fresh).toNumber()
  const invoiceSat = Math.min(freshSat - meltInputFee, trialSat) - reserve
  if (invoiceSat < 1) {
    throw tooSmall(t.amountSat, t.amountSat - freshSat + meltInputFee + reserve)
  }
  const invoice =
    invoiceSat === trialSat ? trialInvoice : await invoiceOf(ctx, log, invoiceSat, t.memo)
  return { fresh, invoice, invoiceSat, meltInputFee }
}

/**
 * The melt: the mint pays the business's invoice with the fresh proofs. The change it returns,
 * or null while the payment is still in flight at the mint (the watcher credits it then).
 */
export async function melt(t: CheckedToken, s: Swapped, log: Log): Promise<Proof[] | null> {
  try {
    const quote = await t.mintWallet.createMeltQuoteBolt11(s.invoice.paymentRequest)
    const needed = quote.amount.toNumber() + quote.fee_reserve.toNumber() + s.meltInputFee
    if (needed > sumSat(s.fresh)) throw tooSmall(t.amountSat, t.amountSat - s.invoiceSat)
    const melted = await t.mintWallet.meltProofsBolt11(quote, s.fresh)
    return melted.quote.state === 'PAID' ? melted.change : null
  } catch (err) {
    if (err instanceof DomainError) throw err
    log('ecash melt', err)
    throw err instanceof MintOperationError
      ? new DomainError('ECASH_MELT_FAILED', 'The mint could not pay the invoice')
      : mintUnavailable(log, err)
  }
}
