/**
 * Where the server may open a WebSocket to an NWC relay. A merchant chooses the relay (it is in
 * the connection URL they paste), so in production the server refuses to be pointed at its own
 * network: the relay must be `wss:`, and every address its name resolves to must be a public
 * one (the rule of `lib/public-address.ts`, which webhooks and LNURL look-ups follow too). The
 * check runs when the URL is saved and again inside every connection, in
 * the socket's own address lookup, so a name that later resolves elsewhere is refused too;
 * WebSocket redirects are never followed. Demo mode allows the simulated network's local relay.
 *
 * The policy travels with each NWC client (`nwc-client.ts` gives every relay socket the policy's
 * WebSocket), so nothing process-wide decides it; the global WebSocket that the NWC library needs
 * to load is the production one.
 */
import WebSocket from 'ws'
import {
  createPublicOnlyLookup,
  hasPublicHost,
  isRefusedLiteral,
  type PublicOnlyLookup,
} from '../../lib/public-address'

export { isPublicAddress } from '../../lib/public-address'

export interface RelayPolicy {
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

/** The policy a server runs under: production unless on the demo network. */
export function relayPolicyFor(isDemo: boolean): RelayPolicy {
  return isDemo ? DEMO_RELAY_POLICY : PRODUCTION_RELAY_POLICY
}

/** Refuses the URL by its scheme and, when it names an address, by that address. */
function checkUrl(url: URL, p: RelayPolicy): void {
  const scheme = url.protocol
  if (scheme !== 'wss:' && (p.requireTls || scheme !== 'ws:')) throw new RelayNotAllowedError()
  if (url.username || url.password) throw new RelayNotAllowedError()
  if (p.publicOnly && isRefusedLiteral(url)) throw new RelayNotAllowedError()
}

/**
 * Checks a relay URL before it is saved: its scheme, and every address its name has now.
 * Throws RelayNotAllowedError (also when the name does not resolve).
 */
export async function assertRelayAllowed(relayUrl: string, p: RelayPolicy) {
  let url: URL
  try {
    url = new URL(relayUrl)
  } catch {
    throw new RelayNotAllowedError()
  }
  checkUrl(url, p)
  if (p.publicOnly && !(await hasPublicHost(url))) throw new RelayNotAllowedError()
}

/**
 * The address lookup every relay socket connects with under a public-only policy: the name is
 * resolved once, and the connection fails unless every address it has is public.
 */
const publicOnlyLookup: PublicOnlyLookup = createPublicOnlyLookup({
  refusal: () => new RelayNotAllowedError(),
})

type WebSocketClass = new (address: string | URL, protocols?: string | string[]) => WebSocket

const socketClasses = new WeakMap<RelayPolicy, WebSocketClass>()

/**
 * The WebSocket a relay socket opens under policy `p`: `ws` with the policy applied to the URL
 * and, under a public-only policy, to the addresses the socket connects to. Redirects are not
 * followed. One class per policy.
 */
export function guardedWebSocket(p: RelayPolicy): WebSocketClass {
  let found = socketClasses.get(p)
  if (!found) {
    found = class GuardedWebSocket extends WebSocket {
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
    socketClasses.set(p, found)
  }
  return found
}
