/**
 * Which site a passkey is for (the WebAuthn relying party): PUBLIC_URL's origin, and its host name
 * as the RP ID. In demo mode the page's own origin when it is the server's (the demo is opened at
 * localhost or at the machine's address). An IP address cannot name a passkey's site: there,
 * PASSKEY_UNAVAILABLE says to open the site by its name (localhost for the demo).
 */
import { isIP } from 'node:net'
import { DomainError } from '../../lib/errors'

export interface RelyingParty {
  /** the origin the browser's answer must come from */
  origin: string
  /** the site's name passkeys are bound to */
  rpId: string
}

export function relyingPartyOf(
  config: { publicUrl: string; isDemo: boolean },
  headers: { origin?: string; host?: string },
): RelyingParty {
  let url = new URL(config.publicUrl)
  if (config.isDemo && headers.origin && headers.host) {
    try {
      const asked = new URL(headers.origin)
      if (asked.host === headers.host) url = asked
    } catch {
      // not an origin: PUBLIC_URL's stays
    }
  }
  const rpId = url.hostname
  if (isIP(rpId.replace(/^\[|\]$/g, '')) !== 0) {
    throw new DomainError('PASSKEY_UNAVAILABLE', 'Open the site by its name to use passkeys')
  }
  return { origin: url.origin, rpId }
}
