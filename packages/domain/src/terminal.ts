/**
 * The terminal (`/terminal`): what a terminal sends when it takes a payment, the tip
 * percentages and idle sign-out it is set up with, and the languages its screens exist in.
 */
import { z } from 'zod'
import { ZSafeText } from './text'

// in a module without zod: the web app's first load reads it
export { TERMINAL_LANGUAGES, type TerminalLanguage } from './languages'

/** Ways a terminal charges: an invoice or an address the customer's wallet pays. */
export const TERMINAL_METHODS = ['lightning', 'onchain'] as const
export type TerminalMethod = (typeof TERMINAL_METHODS)[number]

export const DEFAULT_TIP_PERCENTS = [5, 10, 15] as const
export const MAX_TIP_PERCENTS = 4
export const IDLE_SIGN_OUT_CHOICES_SEC = [60, 120, 300, 900, 1800, 0] as const
export const DEFAULT_IDLE_SIGN_OUT_SEC = 300
/** How long the paid screen stays before the keypad returns. */
export const PAID_SCREEN_MS = 8_000

export const ZTipPercents = z
  .array(z.number().int().min(1).max(100))
  .max(MAX_TIP_PERCENTS)
  .transform((list) => [...new Set(list)].sort((a, b) => a - b))

/** An amount at the terminal: in the business's currency (minor units) or in sats. */
export const ZTerminalAmount = z.union([
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

/** The tip for `percent` of `amount` (minor units or sats), rounded to the nearest unit. */
export const tipOf = (amount: number, percent: number) => Math.round((amount * percent) / 100)

/** A public receipt's token: the payment id (36 characters) then its signature (22). */
export const RECEIPT_TOKEN_PATTERN = /^[0-9a-f-]{36}[A-Za-z0-9_-]{22}$/
