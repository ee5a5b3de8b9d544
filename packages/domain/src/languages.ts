/**
 * Languages the product's screens exist in. A module of its own, without zod, so the web app's
 * first load can read it without bringing in the schema library.
 */

/** Languages the terminal's screens are in: the dashboard's and Dutch (a staff language). */
export const TERMINAL_LANGUAGES = ['en', 'de', 'es', 'fr', 'nl'] as const
export type TerminalLanguage = (typeof TERMINAL_LANGUAGES)[number]

export const isTerminalLanguage = (value: string): value is TerminalLanguage =>
  (TERMINAL_LANGUAGES as readonly string[]).includes(value)
