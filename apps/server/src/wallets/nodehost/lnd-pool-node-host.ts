/**
 * The node host for real deployments: a pool of lnd nodes the operator runs and registers
 * (`npm run operator -- add-node <rest url> <tls.cert>`). Searching means waiting for a free node;
 * once one is assigned its state is read from lnd's own `/v1/state`. Updates and restarts are the
 * operator's work on the machine itself.
 */
import type { Db } from '../../db/database'
import { nodeAdminFor } from '../factory'
import { NodeUnreachableError } from '../node-admin'
import { createLndPoolRepo, type LndPoolRepo, type PoolNodeRow } from './lnd-pool-repo'
import { NodeHostError, type HostedNodeView, type HostState, type NodeHost } from './node-host'

const WAITING_PREFIX = 'waiting:'

export class LndPoolNodeHost implements NodeHost {
  readonly kind = 'lnd-pool' as const

  private readonly pool: LndPoolRepo

  constructor(
    db: Db,
    private readonly lspPubkey: string | null,
  ) {
    this.pool = createLndPoolRepo(db)
  }

  async requestNode(businessId: string, signal?: AbortSignal): Promise<HostedNodeView> {
    const assigned = await this.pool.assign(businessId)
    if (!assigned) return this.searching(businessId)
    return this.view(assigned, signal)
  }

  async getNode(hostNodeId: string, signal?: AbortSignal): Promise<HostedNodeView> {
    if (hostNodeId.startsWith(WAITING_PREFIX)) {
      const businessId = hostNodeId.slice(WAITING_PREFIX.length)
      const assigned = await this.pool.assign(businessId)
      return assigned ? this.view(assigned, signal) : this.searching(businessId)
    }
    const row = await this.pool.find(hostNodeId)
    if (!row) throw new NodeHostError(`no pool node ${hostNodeId}`, 'not_found')
    return this.view(row, signal)
  }

  update(): Promise<HostedNodeView> {
    return Promise.reject(
      new NodeHostError('Updates of pool nodes are done by the operator', 'unsupported'),
    )
  }

  restart(): Promise<HostedNodeView> {
    return Promise.reject(
      new NodeHostError('Restarts of pool nodes are done by the operator', 'unsupported'),
    )
  }

  private searching(businessId: string): HostedNodeView {
    return {
      hostNodeId: `${WAITING_PREFIX}${businessId}`,
      state: 'searching',
      lnd: null,
      loop: null,
      pubkey: null,
      version: null,
      lspPubkey: this.lspPubkey,
      channels: [],
    }
  }

  private async view(row: PoolNodeRow, signal?: AbortSignal): Promise<HostedNodeView> {
    let state: HostState
    try {
      const wallet = await nodeAdminFor({
        restUrl: row.restUrl,
        tlsCertPem: row.tlsCertPem,
        loopRestUrl: null,
        macaroonHex: null,
      }).walletState(signal)
      state =
        wallet === 'NON_EXISTING'
          ? 'waiting_for_initialisation'
          : wallet === 'LOCKED'
            ? 'locked'
            : wallet === 'SERVER_ACTIVE'
              ? 'running'
              : 'starting'
    } catch (err) {
      if (!(err instanceof NodeUnreachableError)) throw err
      state = 'starting'
    }
    return {
      hostNodeId: row.id,
      state,
      lnd: { restUrl: row.restUrl, tlsCertPem: row.tlsCertPem },
      loop: row.loopRestUrl ? { restUrl: row.loopRestUrl, tlsCertPem: row.tlsCertPem } : null,
      pubkey: null,
      version: null,
      lspPubkey: this.lspPubkey,
      channels: [],
    }
  }
}

/** Adds an lnd node to the pool (the operator's `add-node`). */
export function registerPoolNode(
  db: Db,
  input: { restUrl: string; tlsCertPem: string; loopRestUrl?: string },
): Promise<string> {
  return createLndPoolRepo(db).register(input)
}
