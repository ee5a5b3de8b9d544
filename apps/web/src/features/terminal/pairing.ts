/**
 * What a pairing QR carries: `<host>/terminal#login=<login id>&secret=<secret>` (the dashboard
 * shows it once). The same text pasted, scanned or opened as a link pairs the terminal.
 */
import { DEVICE_LOGIN_ID_PATTERN, DEVICE_SECRET_PATTERN } from '@app/domain'

export interface PairingCredentials {
  loginId: string
  secret: string
}

/** The credentials in a pairing link or its `#…` part; null when it holds none. */
export function parsePairing(text: string): PairingCredentials | null {
  const hash = text.includes('#') ? text.slice(text.indexOf('#') + 1) : text
  const params = new URLSearchParams(hash)
  const loginId = params.get('login')?.trim() ?? ''
  const secret = params.get('secret')?.trim() ?? ''
  if (!DEVICE_LOGIN_ID_PATTERN.test(loginId) || !DEVICE_SECRET_PATTERN.test(secret)) return null
  return { loginId, secret }
}
