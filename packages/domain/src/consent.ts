/**
 * The consent every way money leaves a business passes (withdrawals, refunds, Loop swaps,
 * autoloop, replacing the wallet): the owner's proof for the act (a step-up), what each act is
 * called in the audit, and the operator's payout limits.
 */
import { z } from 'zod'
import { ZPasskeyAssertion } from './passkeys'

/** How long a step-up (password and second factor given for an act) stays valid for a session. */
export const STEP_UP_VALID_SEC = 5 * 60

/** The acts the policy decides on, as the audit names them. */
export const CONSENT_ACTIONS = [
  'withdrawal',
  'refund',
  'loop_out',
  'autoloop',
  'wallet_replace',
] as const
export type ConsentAction = (typeof CONSENT_ACTIONS)[number]

/**
 * The account password and, when on, the second factor: a TOTP or recovery code, or instead the
 * assertion of one of the user's passkeys (answering a challenge of `passkeys.stepUpOptions`).
 */
export const ZStepUpInput = z.object({
  password: z.string().min(1).max(1_000),
  code: z.string().trim().max(40).optional(),
  passkey: ZPasskeyAssertion.optional(),
})
export type StepUpInput = z.infer<typeof ZStepUpInput>

/**
 * The proof an act may carry itself; without it the session's recent step-up must do
 * (STEP_UP_REQUIRED otherwise).
 */
export const ZStepUpProof = z.object({
  password: z.string().min(1).max(1_000).optional(),
  code: z.string().trim().max(40).optional(),
  passkey: ZPasskeyAssertion.optional(),
})
export type StepUpProof = z.infer<typeof ZStepUpProof>
