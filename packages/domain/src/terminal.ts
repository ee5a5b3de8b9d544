/**
 * The terminal (`/terminal`): what a terminal sends when it takes a payment, the tip
 * percentages and idle sign-out it is set up with, and the languages its screens exist in.
 */
import { z } from 'zod'
import { MAX_TIP_PERCENTS, TERMINAL_METHODS } from './terminal-rules'
import { ZSafeText } from './text'

// the rules without zod, in a module of their own (the terminal's first load reads them)
export * from './terminal-rules'

export const ZTipPercents = z
  .array(z.number().int().min(1).max(100))
  .max(MAX_TIP_PERCENTS)
  .transform((list) => [...new Set(list)].sort((a, b) => a - b))

/** An amount at the terminal: in the business's currency (minor units) or in sats. */
const ZTerminalAmount = z.union([
  z.object({ fiatMinor: z.number().int().positive() }),
  z.object({ sat: z.number().int().positive() }),
])

export const ZTerminalCharge = z.object({
  /** what was keyed in, before the tip */
  amount: ZTerminalAmount,
  /** the tip, in the same unit as the amount (0: none) */
  tip: z.number().int().min(0).default(0),
  memo: ZSafeText.trim().max(200).default(''),
  method: z.enum(TERMINAL_METHODS),
  /** the terminal's key for this charge: a retry gets the same payment */
  idempotencyKey: z.string().min(8).max(100),
})
export type TTerminalCharge = z.input<typeof ZTerminalCharge>

/** Ecash at the terminal: the customer's Cashu token, taken for the amount and tip keyed in. */
export const ZTerminalEcash = ZTerminalCharge.omit({ method: true }).extend({
  /** a `cashuA…`/`cashuB…` token, optionally behind `cashu:` */
  token: z.string().trim().min(1).max(100_000),
})
export type TTerminalEcash = z.input<typeof ZTerminalEcash>
