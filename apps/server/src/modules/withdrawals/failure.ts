/**
 * The reason a withdrawal keeps when it did not go out, as its merchant sees it: a code of the
 * error catalogue, never the words of a wallet, a node or an exchange (those are logged).
 */
import { isErrorCode, type ErrorCode, type WithdrawalStatus } from '@app/domain'

/** lnd's payment failure reasons and the wallets' own words, by what the merchant can do. */
const REASONS: [RegExp, ErrorCode][] = [
  [/NO_ROUTE|FAILURE_REASON_TIMEOUT|no route/i, 'WITHDRAW_NO_ROUTE'],
  [/INSUFFICIENT_BALANCE|insufficient/i, 'WITHDRAW_INSUFFICIENT_FUNDS'],
  [/INCORRECT_PAYMENT_DETAILS/i, 'WITHDRAW_INVALID_INVOICE'],
  [/never reached/i, 'WITHDRAW_NOT_SENT'],
]

export function failureCode(status: WithdrawalStatus, reason: string | null): ErrorCode | null {
  // Not failed (yet): nothing to tell the merchant.
  if (reason === null || status !== 'failed') return null
  if (isErrorCode(reason)) return reason
  return REASONS.find(([pattern]) => pattern.test(reason))?.[1] ?? 'WITHDRAW_PAYMENT_FAILED'
}
