/**
 * Finishing redemptions whose mint answer was lost (a timeout, a dropped reply, a 5xx, a crash):
 * - a melt is looked up by its quote (NUT-05): PAID settles the payment once and holds the
 *   change restored from the mint; UNPAID melts the held proofs into it once more while the
 *   payment is open (the melt may never have reached the mint), and fails the payment when the
 *   mint's own answer is unpaid or a refusal, the proofs staying held (kept); PENDING, or no
 *   answer, is looked at again later;
 * - a swap is restored from the counters reserved for it (NUT-09) and what it gave is held
 *   (kept) for the business, once;
 * - swapped proofs never melted (the process stopped in between) pay the payment's invoice
 *   while the payment is open, asking the business's wallet for one when the process stopped
 *   before it was attached; else they stay held (kept).
 * Run from the job queue (jobs.ts) right after an open melt, and by a sweep for anything a
 * crash left behind. Safe on any number of instances: a redemption ends once (`finish`).
 */
import type { MeltQuoteBolt11Response as MeltQuote, Proof, Wallet } from '@cashu/cashu-ts'
import { DomainError } from '../../lib/errors'
import type { PaymentService } from '../payments'
import { DERIVED, isRefusal, openMintWallet, proofsJson, seededWallet, sumSat } from './mint-client'
import { ECASH_INVOICE_EXPIRY_SEC } from './redemption'
import type { EcashRepo, HeldEcash, Redemption } from './repo'
import { redemptionCounters, restoreUnspent } from './restore'

type Log = (msg: string, err?: unknown) => void

/** `finished`: nothing left to do; `waiting`: look again later. */
export type Resolution = 'finished' | 'waiting'

export interface RecoveryDeps {
  repo: EcashRepo
  payments: PaymentService
  seed: () => Promise<Uint8Array>
  log: Log
  mintTimeoutMs?: number
}

export function createRecovery(deps: RecoveryDeps) {
  const { repo, payments, log } = deps

  async function platformWallet(r: Redemption, signal?: AbortSignal) {
    const base = await openMintWallet(r.mintUrl, signal, deps.mintTimeoutMs)
    return seededWallet(base, await deps.seed(), redemptionCounters(repo, r.paymentId, r.mintUrl))
  }

  const held = (r: Redemption, reason: HeldEcash['reason'], proofs: Proof[]): HeldEcash => ({
    businessId: r.businessId,
    paymentId: r.paymentId,
    mintUrl: r.mintUrl,
    reason,
    proofs: proofsJson(proofs),
  })

  /** The mint paid the business's invoice: the change is held, the payment credited once. */
  async function paid(r: Redemption, change: Proof[]): Promise<void> {
    const invoiceSat = r.invoiceSat ?? 0
    const ended = await repo.finish(r.paymentId, 'melt', {
      release: 'kept',
      hold: [held(r, 'change', change)],
    })
    // Another look ended it first and credited it: nothing more to do.
    if (!ended) return
    const feeSat = r.tokenSat - invoiceSat - sumSat(change)
    await payments.setFee(r.paymentId, feeSat)
    await payments.settle(r.businessId, r.paymentId, {
      receivedSat: invoiceSat,
      feeSat,
      currency: r.currency ?? 'USD',
    })
  }

  /**
   * The invoice a redemption stopped before asking for (the process died after the swap): one
   * of the business's wallet for what the held proofs cover after the melt's fees, attached to
   * the payment. The mint's routing reserve is asked with a trial invoice first, as the
   * redemption does. Undefined when the proofs cover no fees or the payment closed meanwhile.
   */
  async function invoiceFor(
    r: Redemption,
    memo: string,
    wallet: Wallet,
    proofs: Proof[],
    signal?: AbortSignal,
  ): Promise<string | undefined> {
    const coverable = sumSat(proofs) - wallet.getFeesForProofs(proofs).toNumber()
    if (coverable < 1) return undefined
    const resumed = await payments.resume(
      r.businessId,
      r.paymentId,
      'lightning',
      async (ctx) => {
        const make = (amountSat: number) =>
          ctx.invoice({ amountSat, memo, expirySec: ECASH_INVOICE_EXPIRY_SEC })
        const trial = await make(coverable)
        const reserve = (await wallet.createMeltQuoteBolt11(trial.paymentRequest)).fee_reserve
        const invoiceSat = coverable - reserve.toNumber()
        // Nothing attached: the proofs stay held.
        if (invoiceSat < 1) return {}
        return { invoice: invoiceSat === coverable ? trial : await make(invoiceSat) }
      },
      signal,
    )
    return resumed?.paymentRequest ?? undefined
  }

  /**
   * Swapped but never melted (the process stopped in between): the swapped proofs, restored
   * from their counters, pay the payment's invoice now if it is still open (asked for now when
   * it never was); otherwise they stay held (kept) for the business.
   */
  async function continueMelt(r: Redemption, signal?: AbortSignal): Promise<Resolution> {
    const payment = await payments.get(r.businessId, r.paymentId)
    const open = payment.status === 'pending' || payment.status === 'processing'
    if (!open) {
      await repo.finish(r.paymentId, 'melt')
      return 'finished'
    }
    const wallet = await platformWallet(r, signal)
    const proofs = await restoreUnspent(wallet, r.counters)
    const paymentRequest =
      payment.paymentRequest ?? (await invoiceFor(r, payment.memo, wallet, proofs, signal))
    if (!paymentRequest) {
      await repo.finish(r.paymentId, 'melt')
      return 'finished'
    }
    const quote = await wallet.createMeltQuoteBolt11(paymentRequest)
    if (!covers(wallet, quote, proofs)) {
      await repo.finish(r.paymentId, 'melt')
      return 'finished'
    }
    const invoiceSat = quote.amount.toNumber()
    // Written before the melt is asked, once: a look that loses this race waits for the quote.
    if (!(await repo.melting(r.paymentId, quote.quote, invoiceSat))) return 'waiting'
    const melted = await wallet.meltProofsBolt11(quote, proofs, {}, DERIVED)
    if (melted.quote.state !== 'PAID') return 'waiting'
    await paid({ ...r, meltQuote: quote.quote, invoiceSat }, melted.change)
    return 'finished'
  }

  /** Do the proofs pay the quote's invoice, its routing reserve and their own input fees? */
  function covers(wallet: Wallet, quote: MeltQuote, proofs: Proof[]): boolean {
    const needed = quote.amount.toNumber() + quote.fee_reserve.toNumber()
    return needed + wallet.getFeesForProofs(proofs).toNumber() <= sumSat(proofs)
  }

  async function meltFailed(r: Redemption): Promise<Resolution> {
    if (await repo.finish(r.paymentId, 'melt')) {
      const error = new DomainError('ECASH_MELT_FAILED', 'The mint could not pay the invoice')
      await payments.fail(r.businessId, r.paymentId, error).catch((err: unknown) => {
        if (err !== error) throw err
      })
    }
    return 'finished'
  }

  /**
   * The quote is written before the melt is asked, so an unpaid quote may be a melt that never
   * reached the mint (the process stopped in between, the request was lost): while the payment
   * is open and the quote unexpired, the held proofs are melted into it once more. The mint's
   * own answer then decides: paid credits the payment; unpaid or a refusal fails it.
   */
  async function meltAgain(r: Redemption, wallet: Wallet, quote: MeltQuote): Promise<Resolution> {
    const payment = await payments.get(r.businessId, r.paymentId)
    const open = payment.status === 'pending' || payment.status === 'processing'
    const unexpired = !quote.expiry || quote.expiry * 1000 > Date.now()
    if (!open || !unexpired) return meltFailed(r)
    const proofs = await restoreUnspent(wallet, r.counters)
    if (!covers(wallet, quote, proofs)) return meltFailed(r)
    let melted
    try {
      melted = await wallet.meltProofsBolt11(quote, proofs, {}, DERIVED)
    } catch (err) {
      if (isRefusal(err)) return meltFailed(r)
      throw err
    }
    if (melted.quote.state === 'PAID') {
      await paid(r, melted.change)
      return 'finished'
    }
    if (melted.quote.state === 'UNPAID') return meltFailed(r)
    await repo.touch(r.paymentId)
    return 'waiting'
  }

  async function resolveMelt(r: Redemption, signal?: AbortSignal): Promise<Resolution> {
    if (!r.meltQuote) return continueMelt(r, signal)
    const wallet = await platformWallet(r, signal)
    const quote = await wallet.checkMeltQuoteBolt11(r.meltQuote)
    if (quote.state === 'PAID') {
      // The change's signatures were lost with the answer: restored from the reserved counters
      // (the melted proofs read spent, so what is left unspent is the change).
      await paid(r, await restoreUnspent(wallet, r.counters))
      return 'finished'
    }
    if (quote.state === 'UNPAID') return meltAgain(r, wallet, quote)
    await repo.touch(r.paymentId)
    return 'waiting'
  }

  async function resolveSwap(r: Redemption, signal?: AbortSignal): Promise<Resolution> {
    const wallet = await platformWallet(r, signal)
    const restored = await restoreUnspent(wallet, r.counters)
    if (restored.length === 0) {
      await repo.finish(r.paymentId, 'swap', { hold: [held(r, 'kept', restored)] })
      return 'finished'
    }
    // Held (kept) as the swap's answer would have; then on to the melt like any swap.
    await repo.swapped(r.paymentId, held(r, 'kept', restored))
    const now = await repo.redemption(r.paymentId)
    return now?.stage === 'melt' && !now.meltQuote ? continueMelt(now, signal) : 'finished'
  }

  return {
    /** A melt that answered PAID: its change held, the payment credited, once. */
    async paid(paymentId: string, change: Proof[]): Promise<void> {
      const r = await repo.redemption(paymentId)
      if (r) await paid(r, change)
    },

    /** Looks at one redemption once; `waiting` while its melt is in flight or the mint is away. */
    async resolve(paymentId: string, signal?: AbortSignal): Promise<Resolution> {
      const r = await repo.redemption(paymentId)
      if (!r || r.stage === 'done') return 'finished'
      try {
        return r.stage === 'melt' ? await resolveMelt(r, signal) : await resolveSwap(r, signal)
      } catch (err) {
        log(`ecash redemption ${paymentId}`, err)
        await repo.touch(paymentId)
        return 'waiting'
      }
    },

    /** Every unfinished redemption not looked at since `before`; how many are still waiting. */
    async sweep(before: Date, signal?: AbortSignal): Promise<number> {
      let waiting = 0
      for (const r of await repo.unfinished(before)) {
        if (signal?.aborted) break
        if ((await this.resolve(r.paymentId, signal)) === 'waiting') waiting += 1
      }
      return waiting
    },
  }
}

export type Recovery = ReturnType<typeof createRecovery>
