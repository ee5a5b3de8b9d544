/**
 * The terminal's rules without schemas: how it charges, the tip percentages and idle sign-out it
 * is set up with, the tip arithmetic. A module without zod, so the terminal's first load can read
 * it without bringing in the schema library (the schemas are in `terminal.ts`).
 */

// in a module without zod: the web app's first load reads it
export { isTerminalLanguage, TERMINAL_LANGUAGES, type TerminalLanguage } from './languages'

/** Ways a terminal charges: an invoice or an address the customer's wallet pays. */
export const TERMINAL_METHODS = ['lightning', 'onchain'] as const
export type TerminalMethod = (typeof TERMINAL_METHODS)[number]

/**
 * Ecash at the terminal: a token is taken when it holds the sats due within this share either
 * way (the price may move between the screen showing the sats and the server taking the token).
 */
const ECASH_DUE_TOLERANCE = 0.01
/** The token values taken for `dueSat` sats due. */
export const ecashDueRange = (dueSat: number) => ({
  minSat: Math.floor(dueSat * (1 - ECASH_DUE_TOLERANCE)),
  maxSat: Math.ceil(dueSat * (1 + ECASH_DUE_TOLERANCE)),
})

export const DEFAULT_TIP_PERCENTS = [5, 10, 15] as const
export const MAX_TIP_PERCENTS = 4
export const IDLE_SIGN_OUT_CHOICES_SEC = [60, 120, 300, 900, 1800, 0] as const
export const DEFAULT_IDLE_SIGN_OUT_SEC = 300
/**
 * A staff member's use of the terminal is reported (by the terminal) and written (by the server)
 * at most this often; the server signs out on idle with twice this much to spare, so a last use
 * not yet written never signs anyone out before the terminal's own timer does.
 */
export const STAFF_ACTIVITY_REPORT_MS = 15_000
/** How long the paid screen stays before the keypad returns. */
export const PAID_SCREEN_MS = 8_000

/** The tip for `percent` of `amount` (minor units or sats), rounded to the nearest unit. */
export const tipOf = (amount: number, percent: number) => Math.round((amount * percent) / 100)

/** A public receipt's token: the payment id (36 characters) then its signature (22). */
export const RECEIPT_TOKEN_PATTERN = /^[0-9a-f-]{36}[A-Za-z0-9_-]{22}$/
