/**
 * Every client for a business's money is built here, and only here: its own node's lnd (and
 * loopd), its exchange account, its NWC wallet, and the exchange's public market data. Which wallet a business uses comes from what is
 * stored: an exchange account or an NWC wallet (sealed in wallet connections), else the
 * merchant's own node. Adapters take ready transport clients.
 */
import { DomainError } from '../lib/errors'
import type { ConnectionRepo } from './connection-repo'
import {
  EXCHANGE_CAPABILITIES,
  ExchangeWallet,
  type ExchangeWalletOptions,
} from './exchange/exchange-wallet'
import { KrakenClient, type NonceSource } from './exchange/kraken-client'
import { LndClient } from './lnd/lnd-client'
import { LndNodeAdmin } from './lnd/lnd-node-admin'
import { LND_CAPABILITIES, LndWallet, type LndWalletOptions } from './lnd/lnd-wallet'
import type { NodeAdmin } from './node-admin'
import { probeNwcWallet, type NwcWalletInfo } from './nwc/nwc-client'
import type { NwcConnection } from './nwc/nwc-uri'
import { nwcCapabilities, NwcWallet, type NwcWalletOptions } from './nwc/nwc-wallet'
import type { RelayPolicy } from './nwc/relay-guard'
import type { Wallet, WalletCapabilities } from './wallet'

/** The sealed config of an exchange connection (as onboarding stores it). */
export interface ExchangeCredentials {
  baseUrl: string
  apiKey: string
  secret: string
}

/** Where a merchant's own node answers, and the key to it, as stored. */
export interface NodeEndpoint {
  restUrl: string
  /** the node's self-signed certificate, pinned as the only CA */
  tlsCertPem: string | null
  loopRestUrl: string | null
  /** hex; null until the node's wallet exists (only its unlocker answers then) */
  macaroonHex: string | null
}

/** A REST client for a node's lnd. */
export function lndClientFor(node: Omit<NodeEndpoint, 'loopRestUrl'>): LndClient {
  return new LndClient({
    restUrl: node.restUrl,
    tlsCertPem: node.tlsCertPem ?? undefined,
    macaroonHex: node.macaroonHex ?? undefined,
  })
}

/** The administration port for a merchant's own node (lnd, and loopd when it runs one). */
export function nodeAdminFor(node: NodeEndpoint): NodeAdmin {
  const loopd = node.loopRestUrl ? lndClientFor({ ...node, restUrl: node.loopRestUrl }) : null
  return new LndNodeAdmin(lndClientFor(node), loopd)
}

/** A signed client for a business's exchange account; `nonces` shared by every instance. */
export function exchangeClientFor(c: ExchangeCredentials, nonces?: NonceSource): KrakenClient {
  return new KrakenClient(c.baseUrl, { apiKey: c.apiKey, secret: c.secret }, nonces)
}

/** An unsigned client for the exchange's public market data (the price ticker). */
export function marketDataClientFor(baseUrl: string): KrakenClient {
  return new KrakenClient(baseUrl)
}

/** How an NWC wallet is probed (tests replace it to stand for a wallet lacking methods). */
export type NwcProbe = (connection: NwcConnection, policy: RelayPolicy) => Promise<NwcWalletInfo>

/** Connects to an NWC wallet once, under the relay policy, and reads what it offers. */
export function probeNwc(connection: NwcConnection, policy: RelayPolicy): Promise<NwcWalletInfo> {
  return probeNwcWallet(connection, policy)
}

export interface WalletFactoryDeps {
  connections: Pick<ConnectionRepo, 'find' | 'publicInfo'>
  /** the business's own node; throws DomainError NODE_NOT_READY when it has none yet */
  nodes: { endpoint(businessId: string): Promise<NodeEndpoint> }
  /** nonces of exchange API keys, shared by every server instance */
  nonces?: NonceSource
  /** which relays NWC wallets may reach (the server's configuration decides) */
  relayPolicy: RelayPolicy
  options?: {
    lnd?: LndWalletOptions
    nwc?: Omit<NwcWalletOptions, 'notifications' | 'relayPolicy'>
    exchange?: ExchangeWalletOptions
  }
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []
}

async function ownNode(
  deps: Pick<WalletFactoryDeps, 'nodes'>,
  businessId: string,
): Promise<NodeEndpoint | null> {
  try {
    return await deps.nodes.endpoint(businessId)
  } catch (err) {
    if (err instanceof DomainError && err.code === 'NODE_NOT_READY') return null
    throw err
  }
}

/** The business's wallet, or null while it has none (onboarding not finished). */
export async function createWalletForBusiness(
  deps: WalletFactoryDeps,
  businessId: string,
): Promise<Wallet | null> {
  const stored = await deps.connections.find<unknown>(businessId)
  if (stored?.kind === 'exchange') {
    const kraken = exchangeClientFor(stored.config as ExchangeCredentials, deps.nonces)
    return new ExchangeWallet(kraken, deps.options?.exchange)
  }
  if (stored?.kind === 'nwc') {
    return new NwcWallet(stored.config as NwcConnection, {
      ...deps.options?.nwc,
      notifications: stringList(stored.publicInfo.notifications),
      relayPolicy: deps.relayPolicy,
    })
  }
  const node = await ownNode(deps, businessId)
  return node ? new LndWallet(lndClientFor(node), deps.options?.lnd) : null
}

/**
 * What the business's wallet can do, from stored public information only: no secret is
 * opened and no backend is asked. Null while the business has no wallet.
 */
export async function walletCapabilities(
  deps: Pick<WalletFactoryDeps, 'connections' | 'nodes'>,
  businessId: string,
): Promise<WalletCapabilities | null> {
  const stored = await deps.connections.publicInfo(businessId)
  if (stored?.kind === 'exchange') return { ...EXCHANGE_CAPABILITIES }
  if (stored?.kind === 'nwc') return nwcCapabilities(stringList(stored.publicInfo.notifications))
  return (await ownNode(deps, businessId)) ? { ...LND_CAPABILITIES } : null
}
