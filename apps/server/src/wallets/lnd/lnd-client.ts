/**
 * LND's REST interface (grpc-gateway JSON): the macaroon in `Grpc-Metadata-macaroon`, the node's
 * self-signed certificate pinned as the only trusted CA, int64 as strings, bytes as base64.
 * Streams (invoice subscriptions, payments) are newline-delimited `{"result":...}` objects.
 * Transport only: the adapters parse what they read (lnd-dto, lnd-admin-dto, loop-dto).
 */
import { Agent, request, type Dispatcher } from 'undici'
import { DEFAULT_TIMEOUT_MS } from '../../lib/http'

interface LndEndpoint {
  restUrl: string
  /** PEM of the node's tls.cert; pinned as the only CA */
  tlsCertPem?: string
  /** hex */
  macaroonHex?: string
}

export class LndError extends Error {
  constructor(
    message: string,
    readonly grpcCode: number,
    readonly httpStatus: number,
  ) {
    super(message)
    this.name = 'LndError'
  }

  get isLocked(): boolean {
    return /wallet locked|unlock it to enable full RPC access/.test(this.message)
  }
}

export class LndUnreachableError extends Error {}

export const b64 = {
  fromHex: (hex: string) => Buffer.from(hex, 'hex').toString('base64'),
  toHex: (base64: string) => Buffer.from(base64, 'base64').toString('hex'),
  fromUtf8: (s: string) => Buffer.from(s, 'utf8').toString('base64'),
  urlFromHex: (hex: string) => Buffer.from(hex, 'hex').toString('base64url'),
}

export class LndClient {
  readonly #dispatcher: Dispatcher | undefined

  constructor(readonly endpoint: LndEndpoint) {
    this.#dispatcher = endpoint.tlsCertPem
      ? new Agent({ connect: { ca: endpoint.tlsCertPem }, keepAliveTimeout: 30_000 })
      : undefined
  }

  async call<T>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
    opts: { signal?: AbortSignal; timeoutMs?: number } = {},
  ): Promise<T> {
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (this.endpoint.macaroonHex) headers['grpc-metadata-macaroon'] = this.endpoint.macaroonHex
    let res: Dispatcher.ResponseData
    try {
      res = await request(`${this.endpoint.restUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        dispatcher: this.#dispatcher,
        // undici's own timers, cheaper than a combined AbortSignal on every call
        signal: opts.signal,
        headersTimeout: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        bodyTimeout: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      })
    } catch (err) {
      throw new LndUnreachableError(err instanceof Error ? err.message : 'node unreachable')
    }
    const text = await res.body.text()
    let json: unknown
    try {
      json = text ? JSON.parse(text) : {}
    } catch {
      throw new LndError(`unexpected reply (HTTP ${res.statusCode})`, 2, res.statusCode)
    }
    if (res.statusCode >= 400) {
      const e = json as { code?: number; message?: string }
      throw new LndError(e.message ?? `HTTP ${res.statusCode}`, e.code ?? 2, res.statusCode)
    }
    return json as T
  }

  /**
   * Opens a server stream and calls onMessage for every `result`; resolves when it ends.
   * onOpen runs once the reply starts (lnd sends its headers with the first message at the
   * latest), i.e. once the server is known to follow the subscription.
   */
  async stream<T>(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    onMessage: (msg: T) => void,
    signal: AbortSignal,
    onOpen?: () => void,
  ): Promise<void> {
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (this.endpoint.macaroonHex) headers['grpc-metadata-macaroon'] = this.endpoint.macaroonHex
    let res: Dispatcher.ResponseData
    try {
      res = await request(`${this.endpoint.restUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        dispatcher: this.#dispatcher,
        signal,
      })
    } catch (err) {
      throw new LndUnreachableError(err instanceof Error ? err.message : 'node unreachable')
    }
    if (res.statusCode < 400) onOpen?.()
    let buffered = ''
    for await (const chunk of res.body) {
      buffered += (chunk as Buffer).toString('utf8')
      let nl: number
      while ((nl = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, nl).trim()
        buffered = buffered.slice(nl + 1)
        if (!line) continue
        const msg = JSON.parse(line) as { result?: T; error?: { code: number; message: string } }
        if (msg.error) throw new LndError(msg.error.message, msg.error.code, res.statusCode)
        if (msg.result !== undefined) onMessage(msg.result)
      }
    }
  }
}
