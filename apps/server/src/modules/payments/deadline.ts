/**
 * The deadline of a request: a payment row whose wallet call never returned (the process died
 * between writing the row and attaching the invoice or address) is failed once no wallet call
 * can still be running for it, instead of being watched forever.
 */
import type { ErrorCode } from '@app/domain'
import type { PaymentRepo } from './repo'

/** Well past every wallet and mint timeout of a request (20 s each, a few in a row for ecash). */
export const UNANSWERED_DEADLINE_MS = 5 * 60_000
/** kept on the row as every failure reason is: a code of the error catalogue */
export const UNANSWERED_REASON: ErrorCode = 'WALLET_UNAVAILABLE'

/**
 * Fails every open payment past its deadline without an invoice or address; how many. An ecash
 * payment whose redemption is still unfinished is left to the ecash recovery, which holds the
 * swapped proofs and finishes it (with an invoice asked for then) or ends the redemption.
 */
export async function failUnanswered(repo: PaymentRepo, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - UNANSWERED_DEADLINE_MS)
  let total = 0
  for (;;) {
    const failed = await repo.failUnanswered(cutoff, UNANSWERED_REASON)
    total += failed.length
    if (failed.length === 0) return total
  }
}
