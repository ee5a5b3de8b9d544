/**
 * LNURL-pay destinations: a bech32 LNURL, an `lnurlp://` address or a Lightning address, each
 * to the endpoint the server asks (https, or http to an onion or, on a local network, this
 * machine).
 */
import { bech32 } from '@scure/base'
import { refuse, type ParsedDestination } from './destination-types'
import { isLocalNetwork, type BitcoinNetwork } from './networks'

function lnurlUrl(url: string, network: BitcoinNetwork): string | null {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    return null
  }
  const local = /^(localhost|127\.0\.0\.1|\[::1\])$/.test(u.hostname)
  const onion = u.hostname.endsWith('.onion')
  if (u.protocol === 'https:') return u.toString()
  if (u.protocol === 'http:' && (onion || (local && isLocalNetwork(network)))) return u.toString()
  return null
}

const LIGHTNING_ADDRESS =
  /^([a-z0-9\-_.+]+)@([a-z0-9\-.]+\.[a-z]{2,}|localhost|127\.0\.0\.1)(:\d{1,5})?$/

/** `name@domain` to its LUD-16 endpoint. */
function lightningAddressUrl(text: string, network: BitcoinNetwork): string | null {
  const m = LIGHTNING_ADDRESS.exec(text.toLowerCase())
  if (!m) return null
  const host = `${m[2]!}${m[3] ?? ''}`
  const local = m[2] === 'localhost' || m[2] === '127.0.0.1'
  if (local && !isLocalNetwork(network)) return null
  const scheme = local || m[2]!.endsWith('.onion') ? 'http' : 'https'
  return `${scheme}://${host}/.well-known/lnurlp/${m[1]!}`
}

/** An LNURL (`lnurl1…`, `lnurlp://…`) or a Lightning address; null for any other text. */
export function parseLnurlDestination(
  bare: string,
  network: BitcoinNetwork,
  maxLength: number,
): ParsedDestination | null {
  if (/^lnurl1/i.test(bare)) {
    try {
      const { prefix, words } = bech32.decode(
        bare.toLowerCase() as `${string}1${string}`,
        maxLength,
      )
      if (prefix !== 'lnurl') return refuse('WITHDRAW_INVALID_DESTINATION', 'not an LNURL')
      const url = lnurlUrl(new TextDecoder().decode(bech32.fromWords(words)), network)
      if (!url) return refuse('WITHDRAW_INVALID_DESTINATION', 'the LNURL is not an https address')
      return { ok: true, destination: { type: 'lnurl', text: bare.toLowerCase(), url } }
    } catch {
      return refuse('WITHDRAW_INVALID_DESTINATION', 'the LNURL is not valid bech32')
    }
  }
  if (/^lnurlp:\/\//i.test(bare)) {
    const url = lnurlUrl(
      bare.replace(/^lnurlp:/i, /\.onion(:|\/|$)/i.test(bare) ? 'http:' : 'https:'),
      network,
    )
    if (!url) return refuse('WITHDRAW_INVALID_DESTINATION', 'not an LNURL-pay address')
    return { ok: true, destination: { type: 'lnurl', text: bare, url } }
  }
  if (!bare.includes('@')) return null
  const url = lightningAddressUrl(bare, network)
  if (!url) return refuse('WITHDRAW_INVALID_DESTINATION', 'not a Lightning address')
  return { ok: true, destination: { type: 'lightning-address', text: bare.toLowerCase(), url } }
}
