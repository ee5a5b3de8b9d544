import type { LookupAddress } from 'node:dns'
import { createServer, type Server } from 'node:net'
import { fetch } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createPublicOnlyLookup,
  hasPublicHost,
  NotPublicAddressError,
  publicOnlyDispatcher,
  type Resolver,
} from './public-address'

/** A resolver of the test's own: each name has the addresses given, and every call is counted. */
function resolverOf(names: Record<string, string[]>) {
  const calls: string[] = []
  const resolve: Resolver = (hostname) => {
    calls.push(hostname)
    const found = names[hostname]
    if (!found) return Promise.reject(new Error('ENOTFOUND'))
    return Promise.resolve(
      found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    )
  }
  return { resolve, calls }
}

const lookupWith = (resolve: Resolver, hostname: string, all: boolean) =>
  new Promise<{ err: NodeJS.ErrnoException | null; address: string | LookupAddress[] }>((done) =>
    createPublicOnlyLookup({ resolve })(hostname, { all }, (err, address) =>
      done({ err, address }),
    ),
  )

describe('the public-only lookup', () => {
  const { resolve, calls } = resolverOf({
    'pay.example': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
    'rebind.example': ['93.184.216.34', '10.0.0.5'],
    'metadata.example': ['169.254.169.254'],
    'mapped.example': ['::ffff:127.0.0.1'],
  })

  it('refuses a name with any non-public address, naming none of them', async () => {
    for (const name of ['rebind.example', 'metadata.example', 'mapped.example']) {
      const { err } = await lookupWith(resolve, name, false)
      expect(err).toBeInstanceOf(NotPublicAddressError)
      expect(err?.code).toBe('ENOTPUBLIC')
      expect(err?.message).not.toMatch(/\d+\.\d+|::/)
    }
  })

  it('hands the socket exactly the addresses it checked, resolving once', async () => {
    calls.length = 0
    const one = await lookupWith(resolve, 'pay.example', false)
    expect(one).toEqual({ err: null, address: '93.184.216.34' })
    const all = await lookupWith(resolve, 'pay.example', true)
    expect(all.address).toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 },
    ])
    expect(calls).toEqual(['pay.example', 'pay.example'])
  })

  it('checks a URL before use: literal addresses, credentials and names', async () => {
    const check = (url: string) => hasPublicHost(new URL(url), resolve)
    expect(await check('https://pay.example/x')).toBe(true)
    expect(await check('https://93.184.216.34/x')).toBe(true)
    for (const url of [
      'https://rebind.example/x',
      'https://no-such.example/x',
      'https://10.0.0.5/x',
      'https://[::1]/x',
      'https://user:pw@pay.example/x',
    ]) {
      expect([url, await check(url)]).toEqual([url, false])
    }
  })
})

describe('a public-only connection pool', () => {
  let internal: Server
  let port = 0
  let reached = 0
  beforeAll(async () => {
    internal = createServer((socket) => {
      reached++
      socket.destroy()
    })
    await new Promise<void>((r) => internal.listen(0, '127.0.0.1', r))
    const address = internal.address()
    port = typeof address === 'object' && address ? address.port : 0
  })
  afterAll(() => new Promise<void>((r) => internal.close(() => r())))

  it('never connects to a name that resolves to this machine', async () => {
    const { resolve } = resolverOf({ 'internal.example': ['127.0.0.1'] })
    const dispatcher = publicOnlyDispatcher({ resolve })
    try {
      await expect(
        fetch(`http://internal.example:${port}/`, { dispatcher, redirect: 'manual' }),
      ).rejects.toThrow()
      expect(reached).toBe(0)
    } finally {
      await dispatcher.close()
    }
  })
})
