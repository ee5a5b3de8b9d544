/** What the withdraw page sends: a quote request, and the confirmation that sends. */
import { z } from 'zod'
import { MAX_PAYMENT_SAT } from '../money'
import { ZPasskeyAssertion } from '../passkeys'
import { MAX_DESTINATION_LENGTH } from './destination'
import {
  MAX_FEE_RATE_SAT_VB,
  MAX_LNURL_COMMENT_LENGTH,
  MIN_FEE_RATE_SAT_VB,
  ONCHAIN_PRIORITIES,
} from './rules'

/**
 * An amount to withdraw: whole sats, above 0. Checked by the service (and the page) with
 * withdrawAmountError so each bad amount gets its own message.
 */
export function withdrawAmountError(
  amountSat: number | null,
): 'WITHDRAW_AMOUNT_REQUIRED' | 'WITHDRAW_INVALID_AMOUNT' | null {
  if (amountSat === null || !Number.isFinite(amountSat) || amountSat <= 0) {
    return 'WITHDRAW_AMOUNT_REQUIRED'
  }
  if (!Number.isInteger(amountSat) || amountSat > MAX_PAYMENT_SAT) return 'WITHDRAW_INVALID_AMOUNT'
  return null
}

/** A custom fee rate: whole sat/vB within the bounds. */
export function feeRateError(rate: number): 'WITHDRAW_FEE_RATE_INVALID' | null {
  return Number.isInteger(rate) && rate >= MIN_FEE_RATE_SAT_VB && rate <= MAX_FEE_RATE_SAT_VB
    ? null
    : 'WITHDRAW_FEE_RATE_INVALID'
}

/** How many withdrawals the list shows at first, and adds with each "Load more". */
export const WITHDRAWALS_PAGE_SIZE = 50

export const ZWithdrawQuoteInput = z.object({
  destination: z.string().trim().min(1).max(MAX_DESTINATION_LENGTH),
  /** required unless the invoice carries one or the whole on-chain balance is swept */
  amountSat: z.number().nullable().default(null),
  priority: z.enum(ONCHAIN_PRIORITIES).default('medium'),
  /** sat/vB, for the custom priority */
  feeRate: z.number().nullable().default(null),
  sweepAll: z.boolean().default(false),
  comment: z.string().max(MAX_LNURL_COMMENT_LENGTH).default(''),
})
export type WithdrawQuoteInput = z.input<typeof ZWithdrawQuoteInput>

export const ZWithdrawConfirmInput = z.object({
  quote: ZWithdrawQuoteInput,
  /** made by the page once per withdrawal: a double click, retry or reload sends once */
  idempotencyKey: z.uuid(),
  /** the fee the quote showed: a higher one at confirmation asks again (WITHDRAW_FEE_ROSE) */
  quotedFeeSat: z.number().int().min(0).optional(),
  /** the account password; without it the session's recent step-up must do */
  password: z.string().min(1).max(1_000).optional(),
  /** the second factor (a TOTP or recovery code) when the user has it on */
  code: z.string().trim().max(40).optional(),
  /** instead of the code: a passkey's answer to the session's step-up challenge */
  passkey: ZPasskeyAssertion.optional(),
})
export type WithdrawConfirmInput = z.input<typeof ZWithdrawConfirmInput>
