/**
 * Set-up for the wallet contract: the three backends on one simnet, stored the way onboarding
 * stores them (connections in memory instead of the database), and watching helpers.
 */
import '../src/lib/websocket-global'
import { setTimeout as sleep } from 'node:timers/promises'
import { DomainError } from '../src/lib/errors'
import type { ConnectionRepo, StoredConnection } from '../src/wallets/connection-repo'
import {
  nodeAdminFor,
  probeNwc,
  type NodeEndpoint,
  type WalletFactoryDeps,
} from '../src/wallets/factory'
import { SimnetNodeHost } from '../src/wallets/nodehost/simnet-node-host'
import { parseNwcUri } from '../src/wallets/nwc/nwc-uri'
import type { Settlement, Wallet } from '../src/wallets/wallet'
import { until as waitUntil } from './assertions'
import type { TestSimnet } from './simnet'
import { DEMO_RELAY_POLICY } from '../src/wallets/nwc/relay-guard'

export interface Backend {
  kind: 'lnd' | 'nwc' | 'exchange'
  /** makes the backend for a business and stores it as onboarding would */
  setUp(net: TestSimnet, businessId: string): Promise<void>
  /** the backend puts the memo into the invoice (an exchange writes its own) */
  carriesMemo: boolean
  /** the backend honours the requested expiry (an exchange sets its own) */
  honoursExpiry: boolean
  /** blocks until an on-chain receipt counts as confirmed */
  blocksToConfirm: number
  /** the senders the wallet has, and nothing else */
  senders: ('lightning' | 'onchain' | 'registered')[]
}

/** Each exchange business's API key, which the exchange's withdrawal keys are registered for. */
const exchangeKeys = new Map<string, string>()

/** Registers a withdrawal destination on the business's exchange account, as its owner would. */
export async function registerOnExchange(
  net: TestSimnet,
  businessId: string,
  name: string,
  address: string,
): Promise<void> {
  const key = exchangeKeys.get(businessId)
  if (!key) throw new Error(`${businessId} has no exchange account`)
  await net.control('POST', '/kraken/withdraw-keys', { key, name, address })
}

const stored = new Map<string, StoredConnection<unknown>>()
const nodes = new Map<string, NodeEndpoint>()

export const factoryDeps: WalletFactoryDeps = {
  connections: {
    find: <T>(id: string) => Promise.resolve(stored.get(id) as StoredConnection<T> | undefined),
    publicInfo: (id: string) => Promise.resolve(stored.get(id)),
  } satisfies Pick<ConnectionRepo, 'find' | 'publicInfo'>,
  nodes: {
    endpoint(id) {
      const node = nodes.get(id)
      return node ? Promise.resolve(node) : Promise.reject(new DomainError('NODE_NOT_READY'))
    },
  },
  relayPolicy: DEMO_RELAY_POLICY,
  options: { exchange: { pollIntervalMs: 200 } },
}

function store(businessId: string, kind: 'nwc' | 'exchange', config: unknown, info = {}) {
  stored.set(businessId, { businessId, kind, config, publicInfo: info, createdAt: new Date() })
}

/** The tests' shared wait, with the contract's shorter default limit. */
export const until = <T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string, ms = 8_000) =>
  waitUntil(read, ok, what, ms)

/** A node from the node host, initialised, with a channel from the LSP both ways. */
async function provisionOwnNode(net: TestSimnet, businessId: string): Promise<void> {
  const { nodeHost } = net.externals
  if (nodeHost.kind !== 'simnet') throw new Error('the test simnet hosts nodes')
  const host = new SimnetNodeHost(nodeHost.url, nodeHost.token)
  const { hostNodeId } = await host.requestNode(businessId)
  const view = await until(
    () => host.getNode(hostNodeId),
    (v) => v.state === 'waiting_for_initialisation',
    'the node to wait for its wallet',
  )
  if (!view.lnd) throw new Error('the node has no lnd endpoint')
  const unlocker: NodeEndpoint = {
    restUrl: view.lnd.restUrl,
    tlsCertPem: view.lnd.tlsCertPem,
    loopRestUrl: view.loop?.restUrl ?? null,
    macaroonHex: null,
  }
  const { macaroonHex } = await nodeAdminFor(unlocker).createWallet('contract-password')
  const node = { ...unlocker, macaroonHex }
  const admin = nodeAdminFor(node)
  net.simnet.world.lightning.openChannelFromLsp(hostNodeId, 2_000_000, 1_000_000)
  net.simnet.world.chain.mine(3)
  await until(
    () => admin.walletState(),
    (s) => s === 'SERVER_ACTIVE',
    'the node to run',
  )
  await until(
    () => admin.channels(),
    (c) => c.some((ch) => ch.active),
    'a channel',
  )
  nodes.set(businessId, node)
}

export const backends: Backend[] = [
  {
    kind: 'lnd',
    setUp: provisionOwnNode,
    carriesMemo: true,
    honoursExpiry: true,
    blocksToConfirm: 1,
    senders: ['lightning', 'onchain'],
  },
  {
    kind: 'nwc',
    async setUp(net, businessId) {
      const { uri } = await net.control<{ uri: string }>('POST', '/nwc/connections', {
        name: 'contract',
      })
      const connection = parseNwcUri(uri)
      const info = await probeNwc(connection, DEMO_RELAY_POLICY)
      store(businessId, 'nwc', connection, { notifications: info.notifications })
    },
    carriesMemo: true,
    honoursExpiry: true,
    blocksToConfirm: 1,
    senders: ['lightning'],
  },
  {
    kind: 'exchange',
    async setUp(net, businessId) {
      const keys = await net.control<{ key: string; secret: string }>('POST', '/kraken/keys', {})
      const baseUrl = net.externals.exchangeBaseUrl
      store(businessId, 'exchange', { baseUrl, apiKey: keys.key, secret: keys.secret })
      exchangeKeys.set(businessId, keys.key)
    },
    carriesMemo: false,
    honoursExpiry: false,
    // the exchange credits an on-chain deposit after 3 confirmations
    blocksToConfirm: 3,
    senders: ['registered'],
  },
]

/** Watches a wallet with the caller's pending list, recording what it reports. */
export function watching(wallet: Wallet, pending: () => string[]) {
  const settlements: Settlement[] = []
  const controller = new AbortController()
  let markReady = () => {}
  const ready = new Promise<void>((resolve) => (markReady = resolve))
  const done = wallet.watch(
    {
      onSettlement: (s) => Promise.resolve(void settlements.push(s)),
      pending: () => Promise.resolve(pending()),
      onReady: () => markReady(),
    },
    controller.signal,
  )
  const of = (hash: string) => settlements.filter((s) => s.paymentHash === hash)
  return {
    of,
    ready: Promise.race([ready, sleep(30_000).then(() => Promise.reject(new Error('not ready')))]),
    /** the settlements of a hash, once there is at least one */
    settled: (hash: string, ms = 20_000) =>
      until(
        () => Promise.resolve(of(hash)),
        (s) => s.length > 0,
        `a settlement of ${hash}`,
        ms,
      ),
    async stop() {
      controller.abort()
      await done
    },
  }
}
