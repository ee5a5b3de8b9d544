/**
 * The credentials a device signs in with: its login id and a secret (256 bits, base64url); and
 * the PIN its staff sign in with. A module without zod, so the terminal's pairing and sign-in
 * pages can check them without the schema library.
 */
export const DEVICE_LOGIN_ID_PREFIX = 'dev_'
/** Characters after `dev_` in a login id. */
export const DEVICE_LOGIN_ID_MIN = 16
export const DEVICE_LOGIN_ID_MAX = 40
export const DEVICE_SECRET_MIN = 43
export const DEVICE_SECRET_MAX = 86
export const DEVICE_LOGIN_ID_PATTERN = new RegExp(
  `^${DEVICE_LOGIN_ID_PREFIX}[A-Za-z0-9_-]{${DEVICE_LOGIN_ID_MIN},${DEVICE_LOGIN_ID_MAX}}$`,
)
export const DEVICE_SECRET_PATTERN = new RegExp(
  `^[A-Za-z0-9_-]{${DEVICE_SECRET_MIN},${DEVICE_SECRET_MAX}}$`,
)

/** What is wrong with a typed credential, so a form can say it; null when it has the form. */
export type CredentialProblem = 'required' | 'prefix' | 'length' | 'characters'

/** A login id is `dev_` and 16 to 40 letters, digits, `_` or `-`. */
export function deviceLoginIdProblem(text: string): CredentialProblem | null {
  if (text === '') return 'required'
  if (!text.startsWith(DEVICE_LOGIN_ID_PREFIX)) return 'prefix'
  const rest = text.slice(DEVICE_LOGIN_ID_PREFIX.length)
  if (!/^[A-Za-z0-9_-]*$/.test(rest)) return 'characters'
  if (rest.length < DEVICE_LOGIN_ID_MIN || rest.length > DEVICE_LOGIN_ID_MAX) return 'length'
  return null
}

/** A secret is 43 to 86 letters, digits, `_` or `-`. */
export function deviceSecretProblem(text: string): Exclude<CredentialProblem, 'prefix'> | null {
  if (text === '') return 'required'
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return 'characters'
  if (text.length < DEVICE_SECRET_MIN || text.length > DEVICE_SECRET_MAX) return 'length'
  return null
}

/** A staff member's PIN: this many digits at the least and at the most. */
export const PIN_MIN_DIGITS = 4
export const PIN_MAX_DIGITS = 8
export const PIN_PATTERN = new RegExp(`^\\d{${PIN_MIN_DIGITS},${PIN_MAX_DIGITS}}$`)
