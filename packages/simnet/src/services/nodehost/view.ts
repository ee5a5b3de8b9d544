import type { World } from '../../world/api'
import type { LnChannel } from '../../world/lightning-api'
import { lndDaemons } from '../lnd/daemon'
import type { HostedNode, NodeHost } from './host'

export type ChannelOpeningState = 'opening' | 'manual_processing' | 'failed' | 'open' | 'closed'

function openingState(c: LnChannel): ChannelOpeningState {
  if (c.openIssue === 'failed') return 'failed'
  if (c.openIssue === 'manual_processing') return 'manual_processing'
  if (c.state === 'pending_open') return 'opening'
  return c.state === 'open' ? 'open' : 'closed'
}

/**
 * The JSON the host API shows for a node. It carries where to reach the node and the TLS
 * certificate to pin, never a macaroon: the merchant gets that from initwallet alone.
 */
export function nodeView(world: World, host: NodeHost, node: HostedNode, tlsCertPem: string) {
  const ln = world.lightning.node(node.id)
  const daemon = lndDaemons(world).get(node.id)
  const https = world.baseUrl.replace(/^http:/, 'https:')
  return {
    id: node.id,
    businessId: node.businessId,
    status: host.status(node),
    version: node.version,
    createdAt: new Date(node.createdAt).toISOString(),
    updatedAt: new Date(node.updatedAt).toISOString(),
    walletState: ln && daemon ? daemon.phase : null,
    pubkey: ln?.pubkey ?? null,
    lnd: ln ? { restUrl: `${https}/lnd/${node.id}`, tlsCertPem } : null,
    loop: ln ? { restUrl: `${https}/loop/${node.id}`, tlsCertPem } : null,
    lsp: { pubkey: world.lightning.lsp.pubkey, alias: world.lightning.lsp.alias },
    channels: (ln?.channels() ?? []).map((c) => ({
      channelPoint: c.channelPoint,
      state: openingState(c),
      capacitySat: c.capacitySat,
      localBalanceSat: c.localBalanceSat,
      remoteBalanceSat: c.remoteBalanceSat,
      confirmations: Math.min(c.confirmations, c.confirmationsNeeded),
      confirmationsNeeded: c.confirmationsNeeded,
      isInitiator: c.isInitiator,
      openedAt: new Date(c.openedAt * 1000).toISOString(),
    })),
  }
}
