/**
 * Kraken takes a signed call only when its nonce is above the last one its API key used, across
 * every client of the key. Two server instances share merchants' keys, so nonces come from
 * PostgreSQL: simnet's exchange enforces the rule as Kraken does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectDatabase, type DatabaseHandle } from '../src/db/database'
import {
  KrakenApiError,
  KrakenClient,
  type KrakenCredentials,
  type NonceSource,
} from '../src/wallets/exchange/kraken-client'
import { createNonceRepo } from '../src/wallets/exchange/nonce-repo'
import { scenario, createTestDatabase } from './harness'

const t = await scenario({ simnet: true })
afterAll(t.close)
const { net } = t
const baseUrl = net.externals.exchangeBaseUrl
let instances: DatabaseHandle[] = []

beforeAll(async () => {
  const url = await createTestDatabase()
  // Two instances: each its own pool on the one database.
  instances = [connectDatabase(url, 3), connectDatabase(url, 3)]
})
afterAll(async () => {
  for (const i of instances) await i.close()
})

async function newKey(): Promise<KrakenCredentials> {
  const { key, secret } = await net.control<{ key: string; secret: string }>(
    'POST',
    '/kraken/keys',
    {},
  )
  return { apiKey: key, secret }
}

/** A counter of one process, on that process's clock (the way each instance counted alone). */
function processCounter(clockOffsetMs: number): NonceSource {
  let last = 0n
  return () => {
    const now = BigInt(Date.now() + clockOffsetMs) * 1000n
    last = now > last ? now : last + 1n
    return Promise.resolve(last.toString())
  }
}

async function outcomes(calls: Promise<unknown>[]): Promise<string[]> {
  const settled = await Promise.allSettled(calls)
  return settled.map((s) =>
    s.status === 'fulfilled'
      ? 'ok'
      : s.reason instanceof KrakenApiError
        ? s.reason.errors.join(',')
        : String(s.reason),
  )
}

describe('exchange nonces', () => {
  it('the simulated exchange refuses a nonce at or below the key’s last, as Kraken does', async () => {
    const creds = await newKey()
    // Two instances counting alone: the second's clock is a second behind the first's.
    const a = new KrakenClient(baseUrl, creds, processCounter(0))
    const b = new KrakenClient(baseUrl, creds, processCounter(-1000))
    await a.balance()
    const results = await outcomes([b.balance(), b.balance()])
    expect(results).toEqual(['EAPI:Invalid nonce', 'EAPI:Invalid nonce'])
  })

  it('never collide when two instances use one key at once', async () => {
    const creds = await newKey()
    // The key was used before by a process counter (the way the server counted before).
    await new KrakenClient(baseUrl, creds, processCounter(0)).balance()
    const [one, two] = instances.map((i) => {
      const repo = createNonceRepo(i.db)
      return new KrakenClient(baseUrl, creds, (key) => repo.next(key))
    })
    const calls: Promise<unknown>[] = []
    for (let i = 0; i < 30; i++) calls.push((i % 2 === 0 ? one : two)!.balance())
    const results = await outcomes(calls)
    expect(results.filter((r) => r !== 'ok')).toEqual([])
    expect(results).toHaveLength(30)
  })

  it('hands out strictly growing nonces per key from any instance, and keeps keys apart', async () => {
    const [a, b] = instances.map((i) => createNonceRepo(i.db))
    const count = async () => {
      const { rows } = await instances[0]!.pool.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM exchange_nonces',
      )
      return rows[0]?.n ?? 0
    }
    const before = await count()
    const taken = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? a : b)!.next('shared-key')),
    )
    const sorted = [...taken].sort((x, y) => (BigInt(x) < BigInt(y) ? -1 : 1))
    expect(new Set(taken).size).toBe(40)
    expect(BigInt(sorted[0]!)).toBeGreaterThan(BigInt(Date.now() - 60_000) * 1000n)
    const other = await a!.next('another-key')
    expect(BigInt(other)).toBeGreaterThan(0n)
    expect(await count()).toBe(before + 2)
  })
})
