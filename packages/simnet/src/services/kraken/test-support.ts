/** Helpers the Kraken tests share: a raw signed client and an in-memory persistence. */
import type { Persistence } from '../../world/api'
import { krakenSignature } from './auth'

export interface KrakenReply {
  error: string[]
  result?: unknown
}

let lastNonce = Date.now() * 1000

/** A strictly increasing nonce, shared by every raw call in the process. */
export function nextNonce(): string {
  lastNonce += 1
  return String(lastNonce)
}

export async function privateCall(
  baseUrl: string,
  method: string,
  creds: { key: string; secret: string },
  params: Record<string, string> = {},
  opts: { nonce?: string; json?: boolean; sign?: string } = {},
): Promise<KrakenReply> {
  const nonce = opts.nonce ?? nextNonce()
  const body = opts.json
    ? JSON.stringify({ nonce: Number(nonce), ...params })
    : new URLSearchParams({ nonce, ...params }).toString()
  const path = `/0/private/${method}`
  const res = await fetch(baseUrl + path, {
    method: 'POST',
    headers: {
      'API-Key': creds.key,
      'API-Sign': opts.sign ?? krakenSignature(path, nonce, body, creds.secret),
      'Content-Type': opts.json ? 'application/json' : 'application/x-www-form-urlencoded',
    },
    body,
  })
  return (await res.json()) as KrakenReply
}

export async function publicCall(baseUrl: string, pathAndQuery: string): Promise<KrakenReply> {
  const res = await fetch(`${baseUrl}/0/public/${pathAndQuery}`)
  return (await res.json()) as KrakenReply
}

export function memoryPersistence(): Persistence {
  const sections = new Map<string, object>()
  return {
    section<T extends object>(name: string, init: () => T): T {
      if (!sections.has(name)) sections.set(name, init())
      return sections.get(name) as T
    },
    save() {},
    journal() {},
  }
}

export interface Creds {
  key: string
  secret: string
}

/** Issues a key pair for a new exchange account through the control API. */
export async function newAccount(rootUrl: string, label?: string): Promise<Creds> {
  const res = await fetch(`${rootUrl}/control/kraken/keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(label === undefined ? {} : { label }),
  })
  if (res.status !== 200) throw new Error(`control/kraken/keys answered ${res.status}`)
  return (await res.json()) as Creds
}

export async function addWithdrawKey(
  rootUrl: string,
  body: { key: string; name: string; address?: string; lightningInvoice?: string; method?: string },
): Promise<Response> {
  return fetch(`${rootUrl}/control/kraken/withdraw-keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
}

export async function balanceSat(baseUrl: string, creds: Creds): Promise<number> {
  const reply = await privateCall(baseUrl, 'Balance', creds)
  const xbt = (reply.result as { XXBT: string }).XXBT
  return Math.round(Number(xbt) * 1e8)
}
