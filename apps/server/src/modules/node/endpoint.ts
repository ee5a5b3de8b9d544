/**
 * Where a merchant node lives: the host's id for it (asked for once the row is claimed), and
 * the lnd endpoint and key the platform reaches it with, recorded as soon as the host says.
 */
import { DomainError } from '../../lib/errors'
import { sealedAt, type SecretBox } from '../../lib/secrets'
import { nodeAdminFor, type NodeEndpoint } from '../../wallets/factory'
import type { NodeAdmin } from '../../wallets/node-admin'
import { NodeHostError, type HostedNodeView, type NodeHost } from '../../wallets/nodehost/node-host'
import type { NodeRepo, NodeRow } from './repo'

/** The host id of a node row claimed while the host is being asked for the node. */
export const REQUESTING = 'requesting'
/** A claim this old whose host id never came was cut off by a crash: the host is asked again. */
export const CLAIM_LOST_MS = 60_000

export function hostUnavailable(err: unknown): never {
  if (err instanceof NodeHostError) {
    throw new DomainError('NODE_HOST_UNAVAILABLE', 'The node host could not be reached')
  }
  throw err
}

export function createNodeEndpoints(deps: { repo: NodeRepo; host: NodeHost; secrets: SecretBox }) {
  const { repo, host, secrets } = deps

  function endpointOf(row: NodeRow): NodeEndpoint {
    if (!row.restUrl) throw new DomainError('NODE_NOT_READY', 'Node is not ready')
    return {
      restUrl: row.restUrl,
      tlsCertPem: row.tlsCertPem,
      loopRestUrl: row.loopRestUrl,
      macaroonHex: row.macaroonSealed
        ? secrets.open(row.macaroonSealed, sealedAt.nodeMacaroon(row.businessId))
        : null,
    }
  }

  return {
    /**
     * Asks the host for the business's node and records its id. Runs after the claim is
     * committed, and again from a status reading should a crash have come between the two.
     */
    async askHost(businessId: string, signal?: AbortSignal): Promise<HostedNodeView> {
      const view = await host.requestNode(businessId, signal)
      await repo.update(businessId, { hostNodeId: view.hostNodeId })
      return view
    },

    /** Records where the node lives as soon as the host says. */
    async refreshEndpoint(row: NodeRow, view: HostedNodeView): Promise<NodeRow> {
      if (!view.lnd) return row
      const patch = {
        hostNodeId: view.hostNodeId,
        restUrl: view.lnd.restUrl,
        tlsCertPem: view.lnd.tlsCertPem,
        loopRestUrl: view.loop?.restUrl ?? null,
        pubkey: view.pubkey ?? row.pubkey,
      }
      if (
        patch.restUrl !== row.restUrl ||
        patch.hostNodeId !== row.hostNodeId ||
        patch.tlsCertPem !== row.tlsCertPem ||
        patch.pubkey !== row.pubkey
      ) {
        await repo.update(row.businessId, patch)
        return { ...row, ...patch }
      }
      return row
    },

    endpointOf,

    adminFor: (row: NodeRow): NodeAdmin => nodeAdminFor(endpointOf(row)),

    /** A node the merchant has initialised. */
    async readyRow(businessId: string): Promise<NodeRow> {
      const row = await repo.find(businessId)
      if (!row?.macaroonSealed) throw new DomainError('NODE_NOT_READY', 'Node is not ready')
      return row
    },
  }
}

export type NodeEndpoints = ReturnType<typeof createNodeEndpoints>
