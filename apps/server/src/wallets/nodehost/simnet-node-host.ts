/** The node host adapter for simnet's host API (`/nodehost/v1`, bearer token). */
import { fetchJson, UpstreamError } from '../../lib/http'
import { NodeHostError, type HostedNodeView, type HostState, type NodeHost } from './node-host'

interface SimnetNodeView {
  id: string
  status: HostState
  pubkey: string | null
  version: string
  lnd: { restUrl: string; tlsCertPem: string } | null
  loop: { restUrl: string; tlsCertPem: string } | null
  lsp: { pubkey: string }
  channels: {
    channelPoint: string
    state: HostedNodeView['channels'][number]['state']
    capacitySat: number
  }[]
}

export class SimnetNodeHost implements NodeHost {
  readonly kind = 'simnet' as const

  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
  ) {}

  private async call(method: 'GET' | 'POST', path: string, body?: unknown, signal?: AbortSignal) {
    let res: { status: number; body: SimnetNodeView | { error: { code: string; message: string } } }
    try {
      res = await fetchJson(`${this.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal,
      })
    } catch (err) {
      if (err instanceof UpstreamError) throw new NodeHostError(err.message, 'unavailable')
      throw err
    }
    if ('error' in res.body) {
      const code =
        res.status === 404 ? 'not_found' : res.status === 409 ? 'invalid_state' : 'unavailable'
      throw new NodeHostError(res.body.error.message, code)
    }
    const v = res.body
    return {
      hostNodeId: v.id,
      state: v.status,
      lnd: v.lnd,
      loop: v.loop,
      pubkey: v.pubkey,
      version: v.version,
      lspPubkey: v.lsp.pubkey,
      channels: v.channels.map((c) => ({
        channelPoint: c.channelPoint,
        state: c.state,
        capacitySat: c.capacitySat,
      })),
    } satisfies HostedNodeView
  }

  requestNode(businessId: string, signal?: AbortSignal) {
    return this.call('POST', '/nodes', { businessId }, signal)
  }
  getNode(id: string, signal?: AbortSignal) {
    return this.call('GET', `/nodes/${encodeURIComponent(id)}`, undefined, signal)
  }
  update(id: string, version: string, signal?: AbortSignal) {
    return this.call('POST', `/nodes/${encodeURIComponent(id)}/update`, { version }, signal)
  }
  restart(id: string, signal?: AbortSignal) {
    return this.call('POST', `/nodes/${encodeURIComponent(id)}/restart`, undefined, signal)
  }
}
