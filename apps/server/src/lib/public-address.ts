/**
 * The one rule for connections to places someone outside the operator names (LNURL and
 * Lightning-address look-ups, till webhooks, NWC relays): outside demo mode the server reaches
 * public unicast addresses only, never its own network (no loopback, private, link-local,
 * unique-local, carrier-grade NAT, NAT64 or other special range; IPv4-mapped IPv6 is read as
 * IPv4), and no credentials ride in the URL.
 *
 * A URL is checked before use (its scheme, and an address it names literally), and again when
 * connecting: the socket's own address lookup resolves the name once and connects only to the
 * addresses it checked, so a name that resolves elsewhere later (DNS rebinding) is refused too.
 * Redirects are for each caller to refuse. A refusal never says which address was found.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns'
import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'
import { Agent } from 'undici'

/** The connection was refused by the rule; the address is never named. */
export class NotPublicAddressError extends Error {
  readonly code = 'ENOTPUBLIC'
  constructor(message = 'This address cannot be reached') {
    super(message)
    this.name = 'NotPublicAddressError'
  }
}

/** Whether an address is a public unicast one (IPv4-mapped IPv6 is read as IPv4). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false
  return ipaddr.process(address).range() === 'unicast'
}

/** The host of a URL without IPv6 brackets (`new URL('https://[::1]/').hostname` is `[::1]`). */
export function hostnameOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1')
}

/** Every address a name has (tests give their own). */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>

export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) =>
      err ? reject(err) : resolve(addresses),
    ),
  )

const allPublic = (addresses: LookupAddress[]) =>
  addresses.length > 0 && addresses.every((a) => isPublicAddress(a.address))

/** Whether the URL carries credentials or names a non-public address literally. */
export function isRefusedLiteral(url: URL): boolean {
  if (url.username || url.password) return true
  const host = hostnameOf(url)
  return isIP(host) !== 0 && !isPublicAddress(host)
}

/**
 * Whether the URL's host is public now: a literal public address, or a name whose every address
 * is public (a name that does not resolve is not). The connection checks again.
 */
export async function hasPublicHost(url: URL, resolve: Resolver = systemResolver) {
  if (isRefusedLiteral(url)) return false
  const host = hostnameOf(url)
  if (isIP(host) !== 0) return true
  return resolve(host).then(allPublic, () => false)
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void

export type PublicOnlyLookup = (
  hostname: string,
  options: LookupOptions,
  callback: LookupCallback,
) => void

/**
 * The address lookup of a socket that may reach public addresses only: the name is resolved
 * once, the connection fails unless every address it has is public, and the socket is handed
 * exactly those addresses. `refusal` makes the error the connection fails with.
 */
export function createPublicOnlyLookup(
  opts: { resolve?: Resolver; refusal?: () => Error } = {},
): PublicOnlyLookup {
  const resolve = opts.resolve ?? systemResolver
  const refusal = opts.refusal ?? (() => new NotPublicAddressError())
  return (hostname, options, callback) => {
    const family = options.family === 4 || options.family === 6 ? options.family : 0
    resolve(hostname).then(
      (found) => {
        const addresses = family ? found.filter((a) => a.family === family) : found
        if (!allPublic(found) || addresses.length === 0) {
          const refused: NodeJS.ErrnoException = refusal()
          refused.code = 'ENOTPUBLIC'
          return callback(refused, [])
        }
        if (options.all) return callback(null, addresses)
        const first = addresses[0] as LookupAddress
        return callback(null, first.address, first.family)
      },
      (err: NodeJS.ErrnoException) => callback(err, []),
    )
  }
}

/** The system resolver's public-only lookup. */
export const publicOnlyLookup = createPublicOnlyLookup()

/**
 * A connection pool for undici's `fetch` that reaches public addresses only. Literal addresses
 * skip a socket's lookup, so callers also refuse them first (`isRefusedLiteral`).
 */
export function publicOnlyDispatcher(opts: { resolve?: Resolver } = {}): Agent {
  return new Agent({ connect: { lookup: createPublicOnlyLookup(opts) } })
}
