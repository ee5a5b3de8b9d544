/**
 * Where the server may open a WebSocket to an NWC relay. A merchant chooses the relay (it is in
 * the connection URL they paste), so in production the server refuses to be pointed at its own
 * network: the relay must be `wss:`, and every address its name resolves to must be a public
 * unicast one (no loopback, private, link-local, unique-local, carrier-grade NAT, NAT64 or other
 * special range). The check runs when the URL is saved and again inside every connection, in
 * the socket's own address lookup, so a name that later resolves elsewhere is refused too;
 * WebSocket redirects are never followed. Demo mode allows the simulated network's local relay.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns'
import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'
import WebSocket from 'ws'

interface RelayPolicy {
  /** only `wss:` relays */
  requireTls: boolean
  /** only public unicast addresses */
  publicOnly: boolean
}

export const DEMO_RELAY_POLICY: RelayPolicy = { requireTls: false, publicOnly: false }
export const PRODUCTION_RELAY_POLICY: RelayPolicy = { requireTls: true, publicOnly: true }

/** What a client is told: never the address or the resolver's or socket's own words. */
export class RelayNotAllowedError extends Error {
  constructor() {
    super('This relay address cannot be used')
    this.name = 'RelayNotAllowedError'
  }
}

// One policy for the process: the NWC library opens its sockets through the global WebSocket.
let policy: RelayPolicy = DEMO_RELAY_POLICY

/** Set once at start from the configuration (production unless on the demo network). */
export function setRelayPolicy(p: RelayPolicy): void {
  policy = p
}

export function relayPolicy(): RelayPolicy {
  return policy
}

/** Whether an address is one a public relay may have (IPv4-mapped IPv6 is read as IPv4). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false
  return ipaddr.process(address).range() === 'unicast'
}

function hostnameOf(url: URL): string {
  // `new URL('wss://[::1]/').hostname` is `[::1]`
  return url.hostname.replace(/^\[(.*)\]$/, '$1')
}

/** Refuses the URL by its scheme and, when it names an address, by that address. */
function checkUrl(url: URL, p: RelayPolicy): void {
  const scheme = url.protocol
  if (scheme !== 'wss:' && (p.requireTls || scheme !== 'ws:')) throw new RelayNotAllowedError()
  if (url.username || url.password) throw new RelayNotAllowedError()
  const host = hostnameOf(url)
  if (p.publicOnly && isIP(host) !== 0 && !isPublicAddress(host)) throw new RelayNotAllowedError()
}

function resolveAll(hostname: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) =>
      err ? reject(err) : resolve(addresses),
    ),
  )
}

/**
 * Checks a relay URL before it is saved: its scheme, and every address its name has now.
 * Throws RelayNotAllowedError (also when the name does not resolve).
 */
export async function assertRelayAllowed(relayUrl: string, p: RelayPolicy = policy) {
  let url: URL
  try {
    url = new URL(relayUrl)
  } catch {
    throw new RelayNotAllowedError()
  }
  checkUrl(url, p)
  if (!p.publicOnly) return
  const host = hostnameOf(url)
  if (isIP(host) !== 0) return
  let addresses: LookupAddress[]
  try {
    addresses = await resolveAll(host)
  } catch {
    throw new RelayNotAllowedError()
  }
  if (addresses.length === 0 || !addresses.every((a) => isPublicAddress(a.address))) {
    throw new RelayNotAllowedError()
  }
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void

/**
 * The address lookup every relay socket connects with under a public-only policy: the name is
 * resolved once, and the connection fails unless every address it has is public.
 */
export function publicOnlyLookup(
  hostname: string,
  options: LookupOptions,
  callback: LookupCallback,
): void {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, [])
    if (addresses.length === 0 || !addresses.every((a) => isPublicAddress(a.address))) {
      const refused: NodeJS.ErrnoException = new RelayNotAllowedError()
      refused.code = 'ENOTPUBLIC'
      return callback(refused, [])
    }
    if (options.all) return callback(null, addresses)
    const first = addresses[0] as LookupAddress
    return callback(null, first.address, first.family)
  })
}

/**
 * The WebSocket the NWC library uses: `ws` with the policy applied to the URL and, under a
 * public-only policy, to the addresses the socket connects to. Redirects are not followed.
 */
export class GuardedWebSocket extends WebSocket {
  constructor(
    address: string | URL,
    protocols?: string | string[] | WebSocket.ClientOptions,
    options?: WebSocket.ClientOptions,
  ) {
    // ws also takes the options in place of the protocols
    if (protocols !== undefined && typeof protocols === 'object' && !Array.isArray(protocols)) {
      options = { ...protocols, ...options }
      protocols = undefined
    }
    const p = policy
    const url = new URL(address)
    checkUrl(url, p)
    // `lookup` goes on to the socket's connect (ws passes every option to https.request).
    const guarded: WebSocket.ClientOptions & { lookup?: typeof publicOnlyLookup } = {
      ...options,
      followRedirects: false,
      ...(p.publicOnly ? { lookup: publicOnlyLookup } : {}),
    }
    super(url, protocols, guarded)
  }
}
