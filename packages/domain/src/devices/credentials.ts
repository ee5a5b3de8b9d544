/**
 * The credentials a device signs in with: its login id and a secret (256 bits, base64url). A
 * module without zod, so the terminal's pairing page can check them without the schema library.
 */
export const DEVICE_LOGIN_ID_PATTERN = /^dev_[A-Za-z0-9_-]{16,40}$/
export const DEVICE_SECRET_PATTERN = /^[A-Za-z0-9_-]{43,86}$/
