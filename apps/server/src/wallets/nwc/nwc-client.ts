/**
 * The NWC transport: @getalby/sdk's NWCClient over the relay, with our own deadline on every
 * request so a silent relay or wallet fails fast and clearly.
 */
import '../../lib/websocket-global'
import { AsyncLocalStorage } from 'node:async_hooks'
import { NWCClient } from '@getalby/sdk/nwc'
import { decrypt, encrypt } from 'nostr-tools/nip44'
import type { Event, EventTemplate } from 'nostr-tools/pure'
import { hexToBytes } from 'nostr-tools/utils'
import { conversationKeys, eventVerifier, signEvent } from './nostr-crypto'
import { formatNwcUri, type NwcConnection } from './nwc-uri'
import { guardedWebSocket, type RelayPolicy } from './relay-guard'
import { RelaySockets } from './relay-sockets'

export const NWC_REQUIRED_METHODS = ['make_invoice', 'lookup_invoice', 'pay_invoice', 'get_balance']

class NwcUnavailableError extends Error {}

/** NIP-47 request events (kind 23194) */
const KIND_REQUEST = 23194

/** The expiration (unix seconds) the requests made inside `requestExpiring` carry. */
const requestExpiration = new AsyncLocalStorage<number>()

/**
 * Runs `work` with every NWC request it makes carrying a NIP-47 `expiration` tag: a wallet that
 * receives the request after that second does not carry it out.
 */
export function requestExpiring<T>(expiresAtSec: number, work: () => Promise<T>): Promise<T> {
  return requestExpiration.run(expiresAtSec, work)
}

/**
 * @getalby/sdk's client with its cryptography made cheap enough for thousands of wallets: events
 * signed and verified through WebAssembly, the NIP-44 key with the wallet derived once, the
 * public key computed once (the SDK does each per message). The protocol is the SDK's.
 */
export class NwcClient extends NWCClient {
  #publicKey: string | undefined
  readonly #secretKey: Uint8Array
  readonly #keyWith: (peer: string) => Uint8Array

  constructor(connection: NwcConnection, policy: RelayPolicy, sockets: RelaySockets | null) {
    super({ nostrWalletConnectUrl: formatNwcUri(connection) })
    this.#secretKey = hexToBytes(connection.secret)
    this.#keyWith = conversationKeys(this.#secretKey)
    const pool = this.pool
    underRelayPolicy(pool, policy)
    // The SDK's relays verify with the pure-JavaScript curve; each relay it opens verifies
    // through WebAssembly instead (same checks: the id's hash and the signature).
    const ensureRelay = pool.ensureRelay.bind(pool)
    pool.ensureRelay = async (url, params) => {
      const relay = await ensureRelay(url, params)
      const verify = await eventVerifier()
      ;(relay as unknown as { verifyEvent: (event: Event) => boolean }).verifyEvent = verify
      return relay
    }
    sockets?.share(this)
  }

  override get publicKey(): string {
    return (this.#publicKey ??= super.publicKey)
  }

  override signEvent(event: EventTemplate): Promise<Event> {
    const expiresAtSec = requestExpiration.getStore()
    if (event.kind === KIND_REQUEST && expiresAtSec !== undefined) {
      const tags = [...event.tags, ['expiration', String(expiresAtSec)]]
      return signEvent({ ...event, tags }, this.#secretKey)
    }
    return signEvent(event, this.#secretKey)
  }

  override encrypt(pubkey: string, content: string): Promise<string> {
    if (this.encryptionType !== 'nip44_v2') return super.encrypt(pubkey, content) as Promise<string>
    return Promise.resolve(encrypt(content, this.#keyWith(pubkey)))
  }

  override decrypt(pubkey: string, content: string): Promise<string> {
    if (this.encryptionType !== 'nip44_v2') return super.decrypt(pubkey, content)
    return Promise.resolve(decrypt(content, this.#keyWith(pubkey)))
  }
}

type Pool = NWCClient['pool']

/**
 * Makes every relay socket `pool` opens from now on follow `policy`, whatever the global
 * WebSocket allows: each relay the SDK's pool creates is put in its map before it connects, and
 * there it gets the policy's WebSocket.
 */
export function underRelayPolicy(pool: Pool, policy: RelayPolicy): void {
  const internals = pool as unknown as { relays: Map<string, unknown> }
  internals.relays = new PolicyRelays(guardedWebSocket(policy))
}

/**
 * The SDK pool's relays by URL, each given the WebSocket class of a relay policy as it is added
 * (nostr-tools' relay opens its socket with `_WebSocket`, read when it connects).
 */
class PolicyRelays<V> extends Map<string, V> {
  constructor(private readonly socketClass: unknown) {
    super()
  }

  override set(url: string, relay: V): this {
    ;(relay as { _WebSocket: unknown })._WebSocket = this.socketClass
    return super.set(url, relay)
  }
}

/** The relay sockets this process's NWC wallets share, per relay policy. */
const sharedSockets = new WeakMap<RelayPolicy, RelaySockets>()

/**
 * A client whose relay sockets, opened under `policy`, are shared with other wallets' under the
 * same policy (`shared: false`: its own).
 */
export function createNwcClient(
  connection: NwcConnection,
  policy: RelayPolicy,
  opts = { shared: true },
): NwcClient {
  let sockets: RelaySockets | null = null
  if (opts.shared) {
    sockets = sharedSockets.get(policy) ?? new RelaySockets()
    sharedSockets.set(policy, sockets)
  }
  return new NwcClient(connection, policy, sockets)
}

export async function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new NwcUnavailableError(`${what} did not answer in time`)), ms)
  })
  try {
    return await Promise.race([work, deadline])
  } finally {
    clearTimeout(timer)
  }
}

export interface NwcWalletInfo {
  alias: string
  pubkey: string
  network: string
  methods: string[]
  notifications: string[]
}

/** Connects, asks get_info, and closes: proves the URL reaches a wallet that answers. */
export async function probeNwcWallet(
  connection: NwcConnection,
  policy: RelayPolicy,
  timeoutMs = 15_000,
): Promise<NwcWalletInfo> {
  const client = createNwcClient(connection, policy)
  try {
    const info = await withDeadline(client.getInfo(), timeoutMs, 'The wallet')
    return {
      alias: info.alias ?? '',
      pubkey: info.pubkey ?? '',
      network: info.network ?? '',
      methods: info.methods,
      notifications: info.notifications ?? [],
    }
  } catch (err) {
    if (err instanceof NwcUnavailableError) throw err
    throw new NwcUnavailableError(
      err instanceof Error ? err.message : 'The wallet could not be reached',
    )
  } finally {
    client.close()
  }
}
