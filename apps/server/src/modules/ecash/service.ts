/**
 * Taking ecash: the payer hands over a Cashu token; the platform swaps its proofs for fresh
 * ones (so the payer can no longer spend them) and melts those at the mint to pay an invoice
 * of the business's own wallet. The business receives the token's value less the mint's fees
 * (input fees and Lightning routing); any change the mint returns is held for the business.
 *
 * Order: decode, check the mint and the proofs' states, then the payments module's one flow:
 * the payment row (with the page's idempotency key), the request (make sure the token covers
 * the fees before anything is spent, swap, invoice), the invoice attached; then melt, settle.
 * A melt whose outcome is open leaves the payment `processing` for the recovery job, which
 * settles or fails it by the melt quote's state (recovery.ts).
 */
import { ecashDueRange } from '@app/domain'
import type { JobQueue } from '../../jobs/jobs'
import { DomainError } from '../../lib/errors'
import type { BusinessRef, PaymentService, PaymentView } from '../payments'
import { checkMeltLater, registerEcashJobs } from './jobs'
import { checkToken, melt, swapAndInvoice, type Swapped } from './redemption'
import { createRecovery } from './recovery'
import type { EcashRepo } from './repo'
import { platformSeed } from './restore'
import { normalizeMintUrl, readToken } from './token'

export interface RedeemInput {
  token: string
  memo?: string
  /** sent by the page: a retry of the same redemption gets the same payment */
  idempotencyKey?: string
  /** taken at a terminal: for an amount due, by a device and its staff member */
  terminal?: TerminalRedemption
}

export interface TerminalRedemption {
  /** the amount and tip keyed in, in sats now */
  dueSat: number
  /** the amount and tip keyed in, when keyed in the business's currency */
  fiatMinor: number | null
  /** null for a customer's own page (an online invoice's checkout) */
  deviceId: string | null
  staffId: string | null
}

/** A token at a terminal holds the sats due (within the tolerance), or nothing is taken. */
function checkDue(amountSat: number, terminal: TerminalRedemption | undefined) {
  if (!terminal) return
  const { minSat, maxSat } = ecashDueRange(terminal.dueSat)
  if (amountSat < minSat || amountSat > maxSat) {
    throw new DomainError('ECASH_TOKEN_AMOUNT_MISMATCH', 'The token is not for the amount due', {
      tokenSat: amountSat,
      dueSat: terminal.dueSat,
    })
  }
}

export function createEcashService(deps: {
  repo: EcashRepo
  payments: PaymentService
  acceptedMints: string[]
  log?: (msg: string, err?: unknown) => void
  /** where open melts are followed; its jobs are registered here */
  jobs?: JobQueue
  /** each mint request's deadline; default MINT_TIMEOUT_MS */
  mintTimeoutMs?: number
}) {
  const accepted = deps.acceptedMints.map(normalizeMintUrl)
  const log = deps.log ?? (() => {})
  const { payments, repo, jobs } = deps
  const seed = platformSeed(repo)
  const redemption = { repo, seed, log }
  const recovery = createRecovery({ ...redemption, payments, mintTimeoutMs: deps.mintTimeoutMs })
  if (jobs) registerEcashJobs(jobs, recovery)

  return {
    acceptedMints: () => [...accepted],

    async redeem(
      business: BusinessRef,
      input: RedeemInput,
      signal?: AbortSignal,
    ): Promise<PaymentView> {
      const info = readToken(input.token, accepted)
      const key = input.idempotencyKey ?? null
      const at = input.terminal
      const fiatMinor = at?.fiatMinor ?? null
      // A retry of a redemption that went through: its token is spent by now, its payment stands.
      const replayed =
        key && (await payments.replay(business.id, key, requestOf(info.amountSat, fiatMinor)))
      if (replayed) return replayed
      checkDue(info.amountSat, at)
      await payments.requireCapability(business.id, 'lightning')
      const token = await checkToken(info, input.memo, log, signal, deps.mintTimeoutMs)
      // what the mint says the proofs hold is what counts
      checkDue(token.amountSat, at)

      let swapped: Swapped | undefined
      const outcome = await payments.receive(
        business,
        {
          ...requestOf(token.amountSat, fiatMinor),
          memo: token.memo,
          idempotencyKey: key,
          status: 'processing',
          ...(at?.deviceId && { deviceId: at.deviceId, staffId: at.staffId }),
        },
        'lightning',
        async (ctx) => {
          swapped = await swapAndInvoice(token, ctx, redemption, business)
          return { invoice: swapped.invoice }
        },
        signal,
      )
      if (outcome.state !== 'attached' || !swapped) return payments.viewOf(outcome)
      const paymentId = outcome.row.id
      // Until the melt returns, the fee is at most everything but the invoice.
      await payments.setFee(paymentId, token.amountSat - swapped.invoiceSat)

      let melted
      try {
        melted = await melt(token, swapped, redemption, paymentId)
      } catch (err) {
        return payments.fail(business.id, paymentId, err as DomainError)
      }
      if (melted.state === 'open') {
        // In flight at the mint, or its answer lost: looked up by its quote until it ends.
        if (jobs) {
          await checkMeltLater(jobs, paymentId).catch((err: unknown) =>
            log('ecash melt check not queued', err),
          )
        }
        return payments.get(business.id, paymentId)
      }
      // Paid: the business's invoice is settled; credit it with the mint's fees, once.
      await recovery.paid(paymentId, melted.change)
      return payments.get(business.id, paymentId)
    },

    /** Finishing redemptions left open (used by the jobs; callable for one payment). */
    recovery,
  }
}

const requestOf = (amountSat: number, fiatMinor: number | null) => ({
  method: 'ecash' as const,
  amountSat,
  fiatMinor,
})

export type EcashService = ReturnType<typeof createEcashService>
