/**
 * Reads a Nostr Wallet Connect URL (NIP-47) as the merchant pastes it, to say which part is
 * missing before anything is sent: `nostr+walletconnect://<wallet pubkey>?relay=…&secret=…`.
 * The server parses it again and has the last word.
 */

export const NWC_URL_PREFIX = 'nostr+walletconnect://'

const HEX64 = /^[0-9a-f]{64}$/i

export interface NwcRelayHint {
  url: string
  isValid: boolean
}

export interface NwcUrlHints {
  hasScheme: boolean
  /** The wallet's public key as written (undefined when absent). */
  walletPubkey: string | undefined
  isPubkeyValid: boolean
  relays: NwcRelayHint[]
  isSecretValid: boolean
  /** The wallet's Lightning address, when the URL names one. */
  lud16: string | undefined
}

function isWebSocketUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === 'wss:' || url.protocol === 'ws:') && url.hostname !== ''
  } catch {
    return false
  }
}

/** What the URL holds, part by part; undefined for empty input. */
export function nwcUrlHints(input: string): NwcUrlHints | undefined {
  const uri = input.trim()
  if (uri === '') return undefined
  const match = /^nostr\+walletconnect:(?:\/\/)?([^?]*)(?:\?(.*))?$/is.exec(uri)
  if (!match) {
    return {
      hasScheme: false,
      walletPubkey: undefined,
      isPubkeyValid: false,
      relays: [],
      isSecretValid: false,
      lud16: undefined,
    }
  }
  const walletPubkey = match[1] ?? ''
  const params = new URLSearchParams(match[2] ?? '')
  const lud16 = params.get('lud16') ?? ''
  return {
    hasScheme: true,
    walletPubkey: walletPubkey === '' ? undefined : walletPubkey,
    isPubkeyValid: HEX64.test(walletPubkey),
    relays: params.getAll('relay').map((url) => ({ url, isValid: isWebSocketUrl(url) })),
    isSecretValid: HEX64.test(params.get('secret') ?? ''),
    lud16: lud16 === '' ? undefined : lud16,
  }
}

/** Whether every required part looks right. */
export function isCompleteNwcUrl(hints: NwcUrlHints | undefined): boolean {
  return (
    hints !== undefined &&
    hints.hasScheme &&
    hints.isPubkeyValid &&
    hints.relays.length > 0 &&
    hints.relays.every((relay) => relay.isValid) &&
    hints.isSecretValid
  )
}
