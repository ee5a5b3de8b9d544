/**
 * Nostr Wallet Connect connection URIs (NIP-47):
 * `nostr+walletconnect://<wallet pubkey hex>?relay=<url>&relay=...&secret=<32-byte hex>[&lud16=...]`.
 */
export interface NwcConnection {
  walletPubkey: string
  relayUrls: string[]
  secret: string
  lud16?: string
}

export class NwcUriError extends Error {}

const HEX64 = /^[0-9a-f]{64}$/

export function parseNwcUri(input: string): NwcConnection {
  const uri = input.trim()
  const match = /^nostr\+walletconnect:(?:\/\/)?([^?]+)\?(.*)$/i.exec(uri)
  if (!match?.[1] || match[2] === undefined) {
    throw new NwcUriError('Not a nostr+walletconnect:// URL')
  }
  const walletPubkey = match[1].toLowerCase()
  if (!HEX64.test(walletPubkey))
    throw new NwcUriError('The wallet public key is not 64 hex characters')
  const params = new URLSearchParams(match[2])
  const relayUrls = params.getAll('relay')
  if (relayUrls.length === 0) throw new NwcUriError('The URL names no relay')
  for (const relay of relayUrls) {
    let url: URL
    try {
      url = new URL(relay)
    } catch {
      throw new NwcUriError(`Relay ${relay} is not a URL`)
    }
    if (url.protocol !== 'wss:' && url.protocol !== 'ws:') {
      throw new NwcUriError(`Relay ${relay} is not a WebSocket URL`)
    }
  }
  const secret = (params.get('secret') ?? '').toLowerCase()
  if (!HEX64.test(secret)) throw new NwcUriError('The secret is missing or not 64 hex characters')
  const lud16 = params.get('lud16') ?? undefined
  return { walletPubkey, relayUrls, secret, ...(lud16 ? { lud16 } : {}) }
}

export function formatNwcUri(c: NwcConnection): string {
  const params = new URLSearchParams()
  for (const r of c.relayUrls) params.append('relay', r)
  params.set('secret', c.secret)
  if (c.lud16) params.set('lud16', c.lud16)
  return `nostr+walletconnect://${c.walletPubkey}?${params.toString()}`
}
