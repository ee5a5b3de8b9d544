/**
 * The credentials a device signs in with: its login id and a secret (256 bits, base64url); and
 * the PIN its staff sign in with. A module without zod, so the terminal's pairing and sign-in
 * pages can check them without the schema library.
 */
export const DEVICE_LOGIN_ID_PATTERN = /^dev_[A-Za-z0-9_-]{16,40}$/
export const DEVICE_SECRET_PATTERN = /^[A-Za-z0-9_-]{43,86}$/

/** A staff member's PIN: this many digits at the least and at the most. */
export const PIN_MIN_DIGITS = 4
export const PIN_MAX_DIGITS = 8
export const PIN_PATTERN = new RegExp(`^\\d{${PIN_MIN_DIGITS},${PIN_MAX_DIGITS}}$`)
