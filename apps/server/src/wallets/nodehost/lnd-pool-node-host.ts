/**
 * The node host for real deployments: a pool of lnd nodes the operator runs and registers
 * (`npm run operator -- add-node <rest url> <tls.cert>`). Searching means waiting for a free node;
 * once one is assigned its state is read from lnd's own `/v1/state`. lnd cannot update itself over
 * REST: an update is sent to the operator's tooling as a signed webhook (`NODE_UPDATE_WEBHOOK_URL`,
 * HMAC-SHA256 with `NODE_UPDATE_WEBHOOK_SECRET`, see docs/operator.md), which installs the version
 * and restarts lnd; the node shows "updating" until lnd answers again, locked. Restarts are the
 * operator's work on the machine itself.
 */
import { createHmac, randomUUID } from 'node:crypto'
import type { Db } from '../../db/database'
import { nodeAdminFor } from '../factory'
import { NodeUnreachableError } from '../node-admin'
import { createLndPoolRepo, type LndPoolRepo, type PoolNodeRow } from './lnd-pool-repo'
import { NodeHostError, type HostedNodeView, type HostState, type NodeHost } from './node-host'

const WAITING_PREFIX = 'waiting:'
/** How long the operator's tooling may take to accept an update. */
const WEBHOOK_TIMEOUT_MS = 10_000

interface UpdateWebhook {
  url: string
  secret: string
}

/**
 * The signature header of a webhook body: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`.
 * The receiver recomputes it with the shared secret and refuses old timestamps (replays).
 */
function signWebhook(secret: string, body: string, nowSec: number): string {
  const mac = createHmac('sha256', secret).update(`${nowSec}.${body}`).digest('hex')
  return `t=${nowSec},v1=${mac}`
}

export class LndPoolNodeHost implements NodeHost {
  readonly kind = 'lnd-pool' as const

  private readonly pool: LndPoolRepo

  constructor(
    db: Db,
    private readonly lspPubkey: string | null,
    private readonly updateWebhook: UpdateWebhook | null = null,
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

  /** Sends the update to the operator's tooling (recorded first); refused without a webhook. */
  async update(hostNodeId: string, version: string, signal?: AbortSignal) {
    const hook = this.updateWebhook
    if (!hook) {
      throw new NodeHostError('Updates of pool nodes are done by the operator', 'unsupported')
    }
    const row = await this.pool.find(hostNodeId)
    if (!row) throw new NodeHostError(`no pool node ${hostNodeId}`, 'not_found')
    const previous = await this.pool.lastUpdate(row.id)
    await this.pool.startUpdate(row.id, version)
    const body = JSON.stringify({
      type: 'node.update',
      id: randomUUID(),
      nodeId: row.id,
      restUrl: row.restUrl,
      version,
      requestedAt: new Date().toISOString(),
    })
    let status: number
    try {
      const res = await fetch(hook.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-node-host-signature': signWebhook(hook.secret, body, Math.floor(Date.now() / 1000)),
        },
        body,
        redirect: 'error',
        signal: AbortSignal.any([
          AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
          ...(signal ? [signal] : []),
        ]),
      })
      status = res.status
      await res.body?.cancel()
    } catch (err) {
      await this.pool.dropUpdate(row.id, previous)
      throw new NodeHostError(
        `the update tooling could not be reached: ${err instanceof Error ? err.message : 'error'}`,
        'unavailable',
      )
    }
    if (status < 200 || status >= 300) {
      await this.pool.dropUpdate(row.id, previous)
      throw new NodeHostError(`the update tooling answered ${status}`, 'unavailable')
    }
    return this.view(row, signal)
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
    // An update sent to the tooling is under way until lnd answers again, locked (a restarted
    // lnd always is); the version is then the one installed.
    const update = await this.pool.lastUpdate(row.id)
    if (update && !update.doneAt) {
      if (state === 'locked' || state === 'waiting_for_initialisation') {
        await this.pool.finishUpdate(row.id)
      } else state = 'updating'
    }
    return {
      hostNodeId: row.id,
      state,
      lnd: { restUrl: row.restUrl, tlsCertPem: row.tlsCertPem },
      loop: row.loopRestUrl ? { restUrl: row.loopRestUrl, tlsCertPem: row.tlsCertPem } : null,
      pubkey: null,
      version: update?.version ?? null,
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
