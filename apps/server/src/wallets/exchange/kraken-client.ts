/**
 * A Kraken REST client: public market data and HMAC-signed private calls
 * (API-Sign = base64(HMAC-SHA512(base64-decoded secret, path + SHA256(nonce + body)))).
 * Replies are `{ error: string[], result }`; an error array becomes a KrakenApiError.
 */
import { createHash, createHmac } from 'node:crypto'
import { fetchJson } from '../../lib/http'

export interface KrakenCredentials {
  apiKey: string
  secret: string
}

export class KrakenApiError extends Error {
  constructor(readonly errors: string[]) {
    super(errors.join(', '))
    this.name = 'KrakenApiError'
  }

  get isAuthError(): boolean {
    return this.errors.some((e) =>
      ['EAPI:Invalid key', 'EAPI:Invalid signature', 'EGeneral:Permission denied'].includes(e),
    )
  }
}

interface KrakenReply<T> {
  error: string[]
  result?: T
}

interface KrakenTickerEntry {
  /** last trade: [price, lot volume] */
  c: [string, string]
}

interface KrakenDepositAddress {
  address: string
  expiretm: string | number
  new?: boolean
}

interface KrakenDeposit {
  method: string
  aclass: string
  asset: string
  refid: string
  txid: string
  info: string
  amount: string
  fee: string
  time: number
  status: string
}

/**
 * The next nonce for an API key. A server takes them from PostgreSQL (`nonce-repo.ts`), so
 * every instance using one key sends growing nonces; without it, a counter of this process.
 */
export type NonceSource = (apiKey: string) => Promise<string>

let lastNonce = 0n

/** Strictly increasing within the process, microsecond-based across restarts. */
const processNonce: NonceSource = () => {
  const now = BigInt(Date.now()) * 1000n
  lastNonce = now > lastNonce ? now : lastNonce + 1n
  return Promise.resolve(lastNonce.toString())
}

const INVALID_NONCE = 'EAPI:Invalid nonce'
/** Attempts of a call refused for its nonce (another call of the key overtook it in flight). */
const NONCE_ATTEMPTS = 5

/**
 * Signed calls of one key in flight from this process, one after another: a nonce taken later
 * can then not overtake an earlier one on the way, which leaves only calls from other instances
 * of the key to race (and be sent again).
 */
const inFlight = new Map<string, Promise<unknown>>()
async function oneAtATime<T>(apiKey: string, call: () => Promise<T>): Promise<T> {
  const before = inFlight.get(apiKey) ?? Promise.resolve()
  const mine = before.catch(() => undefined).then(call)
  inFlight.set(apiKey, mine)
  try {
    return await mine
  } finally {
    if (inFlight.get(apiKey) === mine) inFlight.delete(apiKey)
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export class KrakenClient {
  constructor(
    readonly baseUrl: string,
    private readonly credentials?: KrakenCredentials,
    private readonly nonces: NonceSource = processNonce,
  ) {}

  private unwrap<T>(reply: KrakenReply<T>): T {
    if (reply.error.length > 0 || reply.result === undefined) {
      throw new KrakenApiError(reply.error.length > 0 ? reply.error : ['EGeneral:No result'])
    }
    return reply.result
  }

  async publicCall<T>(method: string, params: Record<string, string>, signal?: AbortSignal) {
    const qs = new URLSearchParams(params).toString()
    const { body } = await fetchJson<KrakenReply<T>>(`${this.baseUrl}/0/public/${method}?${qs}`, {
      signal,
    })
    return this.unwrap(body)
  }

  /**
   * A signed call. Nonces grow in the order they are taken, but calls of one key from two
   * instances may reach the exchange in the other order; the later one is then refused without
   * effect and is sent again with a new nonce, after a short random pause.
   */
  async privateCall<T>(method: string, params: Record<string, string>, signal?: AbortSignal) {
    for (let attempt = 1; ; attempt++) {
      try {
        const apiKey = this.credentials?.apiKey ?? ''
        return await oneAtATime(apiKey, () => this.signedCall<T>(method, params, signal))
      } catch (err) {
        const retry =
          err instanceof KrakenApiError &&
          err.errors.includes(INVALID_NONCE) &&
          attempt < NONCE_ATTEMPTS &&
          !signal?.aborted
        if (!retry) throw err
        // Another instance's call of the key is on its way: let it arrive first.
        await pause(Math.random() * 50 * attempt)
      }
    }
  }

  private async signedCall<T>(
    method: string,
    params: Record<string, string>,
    signal?: AbortSignal,
  ) {
    if (!this.credentials) throw new KrakenApiError(['EAPI:Invalid key'])
    const path = `/0/private/${method}`
    const nonce = await this.nonces(this.credentials.apiKey)
    const body = new URLSearchParams({ nonce, ...params }).toString()
    const digest = createHash('sha256')
      .update(nonce + body)
      .digest()
    const sign = createHmac('sha512', Buffer.from(this.credentials.secret, 'base64'))
      .update(Buffer.concat([Buffer.from(path), digest]))
      .digest('base64')
    const { body: reply } = await fetchJson<KrakenReply<T>>(`${this.baseUrl}${path}`, {
      method: 'POST',
      headers: {
        'API-Key': this.credentials.apiKey,
        'API-Sign': sign,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body,
      signal,
    })
    return this.unwrap(reply)
  }

  ticker(pairs: string[], signal?: AbortSignal) {
    return this.publicCall<Record<string, KrakenTickerEntry>>(
      'Ticker',
      { pair: pairs.join(',') },
      signal,
    )
  }

  balance(signal?: AbortSignal) {
    return this.privateCall<Record<string, string>>('Balance', {}, signal)
  }

  depositAddresses(
    params: { asset: string; method: string; new?: boolean; amount?: string },
    signal?: AbortSignal,
  ) {
    const p: Record<string, string> = { asset: params.asset, method: params.method }
    if (params.new) p.new = 'true'
    if (params.amount) p.amount = params.amount
    return this.privateCall<KrakenDepositAddress[]>('DepositAddresses', p, signal)
  }

  depositStatus(params: { asset: string; method?: string }, signal?: AbortSignal) {
    const p: Record<string, string> = { asset: params.asset }
    if (params.method) p.method = params.method
    return this.privateCall<KrakenDeposit[]>('DepositStatus', p, signal)
  }
}
