/**
 * Which peers may tell the client's address in X-Forwarded-For: none (false), the nearest `n`
 * hops, or the proxies at these addresses or ranges (`TRUST_PROXY`).
 */
import { isIP } from 'node:net'

export type TrustProxy = false | number | string[]

/** The setting's value, or null when it is none of those. */
export function parseTrustProxy(value: string): TrustProxy | null {
  const v = value.trim()
  if (v === '' || v === 'false' || v === '0') return false
  if (/^\d+$/.test(v)) {
    const n = Number(v)
    return n >= 1 && n <= 32 ? n : null
  }
  const ranges = v.split(',').map((r) => r.trim())
  return ranges.every(isAddressOrRange) ? ranges : null
}

function isAddressOrRange(range: string): boolean {
  const [address = '', bits, ...rest] = range.split('/')
  const family = isIP(address)
  if (family === 0 || rest.length > 0) return false
  if (bits === undefined) return true
  if (!/^\d+$/.test(bits)) return false
  return Number(bits) <= (family === 4 ? 32 : 128)
}
