/**
 * Proving a wallet connection works before it is saved: an exchange API key with signed calls,
 * an NWC URL over its relay. Onboarding and the settings pages (replacing a connection) check
 * exactly the same way, with the same refusals.
 */
import { DomainError } from '../../lib/errors'
import { UpstreamError } from '../../lib/http'
import { KrakenApiError, type NonceSource } from '../../wallets/exchange/kraken-client'
import {
  exchangeClientFor,
  probeNwc,
  type ExchangeCredentials,
  type NwcProbe,
} from '../../wallets/factory'
import { NWC_REQUIRED_METHODS, type NwcWalletInfo } from '../../wallets/nwc/nwc-client'
import { NwcUriError, parseNwcUri, type NwcConnection } from '../../wallets/nwc/nwc-uri'
import {
  assertRelayAllowed,
  RelayNotAllowedError,
  type RelayPolicy,
} from '../../wallets/nwc/relay-guard'

/** What a member may see of an API key: its last four characters. */
export const maskApiKey = (apiKey: string) => `…${apiKey.slice(-4)}`

/** The exchange's refusal as a catalogue error. */
export function exchangeRefusal(err: unknown): never {
  if (err instanceof KrakenApiError && err.isAuthError) {
    throw new DomainError('EXCHANGE_KEY_REJECTED', 'The exchange rejected this API key or secret')
  }
  if (err instanceof KrakenApiError) {
    throw new DomainError('EXCHANGE_KEY_REJECTED', `The exchange refused: ${err.message}`)
  }
  if (err instanceof UpstreamError) {
    throw new DomainError('EXCHANGE_UNAVAILABLE', 'The exchange could not be reached')
  }
  throw err
}

/** Signed calls with the key; the public information kept beside the sealed credentials. */
export async function verifyExchangeKey(
  config: ExchangeCredentials,
  nonces: NonceSource | undefined,
  signal?: AbortSignal,
): Promise<Record<string, unknown>> {
  const client = exchangeClientFor(config, nonces)
  let methods: string[]
  try {
    await client.balance(signal)
    const deposit = await client.privateCall<{ method: string }[]>(
      'DepositMethods',
      { asset: 'XBT' },
      signal,
    )
    methods = deposit.map((m) => m.method)
  } catch (err) {
    return exchangeRefusal(err)
  }
  return {
    apiKeyHint: `${config.apiKey.slice(0, 4)}…${config.apiKey.slice(-4)}`,
    depositMethods: methods,
  }
}

/** The URL read (NWC_URL_INVALID when it is not an NWC connection URL); nothing reached. */
export function nwcWalletOf(url: string): NwcConnection {
  try {
    return parseNwcUri(url)
  } catch (err) {
    throw new DomainError(
      'NWC_URL_INVALID',
      err instanceof NwcUriError ? err.message : 'Invalid URL',
    )
  }
}

/** The URL parsed, its relays allowed, the wallet answering with the methods needed. */
export async function verifyNwcUrl(
  url: string,
  policy: RelayPolicy,
  probe: NwcProbe = probeNwc,
): Promise<{ connection: NwcConnection; publicInfo: Record<string, unknown> }> {
  const connection = nwcWalletOf(url)
  try {
    for (const relay of connection.relayUrls) await assertRelayAllowed(relay, policy)
  } catch (err) {
    if (!(err instanceof RelayNotAllowedError)) throw err
    throw new DomainError('NWC_RELAY_NOT_ALLOWED', 'This relay address cannot be used')
  }
  let info: NwcWalletInfo
  try {
    info = await probe(connection, policy)
  } catch (err) {
    // The socket's or relay's own words may name internal addresses: never sent on.
    if (err instanceof RelayNotAllowedError) {
      throw new DomainError('NWC_RELAY_NOT_ALLOWED', 'This relay address cannot be used')
    }
    throw new DomainError('NWC_UNREACHABLE', 'The wallet could not be reached')
  }
  const missing = NWC_REQUIRED_METHODS.filter((m) => !info.methods.includes(m))
  if (missing.length > 0) {
    throw new DomainError(
      'NWC_MISSING_METHODS',
      `The wallet does not offer ${missing.join(', ')}`,
      {
        missing,
      },
    )
  }
  return {
    connection,
    publicInfo: {
      walletPubkey: connection.walletPubkey,
      relayUrls: connection.relayUrls,
      alias: info.alias,
      network: info.network,
      methods: info.methods,
      notifications: info.notifications,
    },
  }
}
