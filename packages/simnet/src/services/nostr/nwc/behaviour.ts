/**
 * How a connection's wallet behaves, switched through the control API to play wallets that are
 * not prompt: one that answers late (payments held unanswered until released, or every request
 * picked up some seconds after it was sent) and one that cannot look up its outgoing payments
 * (`lookup_invoice` answers NOT_FOUND for them; `list_transactions` still lists them, as its own
 * records). Like real wallets, it honours a request's NIP-47 `expiration`: a request picked up
 * at or after that second is dropped unanswered, and nothing is paid.
 */
import { z } from 'zod'
import { isExpired, type NostrEvent } from '../relay/event'

export interface WalletBehaviour {
  /** pay_invoice requests wait, unanswered, until this is switched off (then picked up) */
  holdPayments: boolean
  /** each request is picked up this many seconds after it arrives (judged for expiration) */
  lateSec: number
  /** whether lookup_invoice finds outgoing payments */
  lookupOutgoing: boolean
}

export const PROMPT_WALLET: WalletBehaviour = {
  holdPayments: false,
  lateSec: 0,
  lookupOutgoing: true,
}

export const ZWalletBehaviour = z
  .object({
    holdPayments: z.boolean(),
    lateSec: z.number().int().nonnegative().max(86_400),
    lookupOutgoing: z.boolean(),
  })
  .partial()
  .strict()

/** Whether a request picked up now (with the wallet's lateness) is past its expiration. */
export function pickedUpTooLate(
  event: NostrEvent,
  behaviour: WalletBehaviour,
  nowSec: number,
): boolean {
  return isExpired(event, nowSec + behaviour.lateSec)
}
