/**
 * Which wallet a business uses, built from what is stored: an exchange account or an NWC
 * wallet (sealed in wallet connections), else the merchant's own node. Construction lives here
 * alone; adapters take ready transport clients.
 */
import { DomainError } from '../lib/errors'
import type { ConnectionRepo } from './connection-repo'
import {
  EXCHANGE_CAPABILITIES,
  ExchangeWallet,
  type ExchangeWalletOptions,
} from './exchange/exchange-wallet'
import { KrakenClient } from './exchange/kraken-client'
import type { LndClient } from './lnd/lnd-client'
import { LND_CAPABILITIES, LndWallet, type LndWalletOptions } from './lnd/lnd-wallet'
import type { NwcConnection } from './nwc/nwc-uri'
import { nwcCapabilities, NwcWallet, type NwcWalletOptions } from './nwc/nwc-wallet'
import type { Wallet, WalletCapabilities } from './wallet'

/** The sealed config of an exchange connection (as onboarding stores it). */
interface StoredExchangeConfig {
  baseUrl: string
  apiKey: string
  secret: string
}

export interface WalletFactoryDeps {
  connections: Pick<ConnectionRepo, 'find' | 'publicInfo'>
  /** the business's own node; throws DomainError NODE_NOT_READY when it has none yet */
  nodes: { lnd(businessId: string): Promise<{ lnd: LndClient }> }
  options?: {
    lnd?: LndWalletOptions
    nwc?: Omit<NwcWalletOptions, 'notifications'>
    exchange?: ExchangeWalletOptions
  }
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []
}

async function ownNode(deps: WalletFactoryDeps, businessId: string): Promise<LndClient | null> {
  try {
    return (await deps.nodes.lnd(businessId)).lnd
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
    const c = stored.config as StoredExchangeConfig
    const kraken = new KrakenClient(c.baseUrl, { apiKey: c.apiKey, secret: c.secret })
    return new ExchangeWallet(kraken, deps.options?.exchange)
  }
  if (stored?.kind === 'nwc') {
    return new NwcWallet(stored.config as NwcConnection, {
      ...deps.options?.nwc,
      notifications: stringList(stored.publicInfo.notifications),
    })
  }
  const lnd = await ownNode(deps, businessId)
  return lnd ? new LndWallet(lnd, deps.options?.lnd) : null
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
