/**
 * A redirect from an LNURL service is refused outside demo mode, at the level of the look-up:
 * the public-address guard would refuse a service on this machine before any redirect, so the
 * look-up is given a pool of its own that takes public-looking names to two local services (the
 * one asked, and the one it redirects to). The look-up must fail with the guard's one code and
 * message, and the place it was sent to must never be asked.
 */
import { createServer, type Server } from 'node:http'
import { connect, type AddressInfo } from 'node:net'
import { Agent } from 'undici'
import { afterAll, describe, expect, it } from 'vitest'
import { DomainError } from '../../lib/errors'
import { fetchPayRequest } from './lnurl'

const PAY_REQUEST = {
  tag: 'payRequest',
  callback: 'https://target.example.com/lnurlp/alice/callback',
  minSendable: 1_000,
  maxSendable: 1_000_000_000,
  metadata: JSON.stringify([['text/plain', 'alice']]),
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return (server.address() as AddressInfo).port
}

/** Where the redirect points: a working LNURL service that counts what it is asked. */
const targetRequests: string[] = []
const target = createServer((req, res) => {
  targetRequests.push(req.url ?? '')
  res.writeHead(200, { 'content-type': 'application/json' })
  res.end(JSON.stringify(PAY_REQUEST))
})
const targetPort = await listen(target)

/** The service asked: it answers `/redirect/<status>` with that status to the target. */
const asked = createServer((req, res) => {
  const status = Number(/^\/redirect\/(\d{3})$/.exec(req.url ?? '')?.[1] ?? 404)
  res.writeHead(status, { location: 'https://target.example.com/lnurlp/alice' })
  res.end()
})
const askedPort = await listen(asked)

afterAll(async () => {
  await new Promise((resolve) => target.close(resolve))
  await new Promise((resolve) => asked.close(resolve))
})

/** A pool that counts these names as reachable: each goes to its local service, others fail. */
const ports: Record<string, number> = {
  'lnurl.example.com': askedPort,
  'target.example.com': targetPort,
}
const dispatcher = new Agent({
  connect: (opts, callback) => {
    const port = ports[opts.hostname]
    if (port === undefined) {
      callback(new Error(`no route to ${opts.hostname}`), null)
      return
    }
    const socket = connect(port, '127.0.0.1', () => callback(null, socket))
    socket.once('error', (err) => callback(err, null))
  },
})
afterAll(() => dispatcher.close())

const refusal = async (work: Promise<unknown>) => {
  const err = await work.then(
    () => null,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(DomainError)
  return { code: (err as DomainError).code, message: (err as DomainError).message }
}

describe('an LNURL look-up outside demo mode', () => {
  it('refuses a redirect with the one generic refusal, and never asks where it points', async () => {
    // the pool reaches the target: a look-up sent straight there works
    const direct = await fetchPayRequest(
      'https://target.example.com/lnurlp/alice',
      'regtest',
      undefined,
      { dispatcher },
    )
    expect(direct).toMatchObject({ tag: 'payRequest', callback: PAY_REQUEST.callback })
    expect(targetRequests).toEqual(['/lnurlp/alice'])
    targetRequests.length = 0

    // the one refusal: what an unreachable service gets
    const generic = await refusal(
      fetchPayRequest('https://nowhere.example.com/lnurlp/alice', 'regtest', undefined, {
        dispatcher,
      }),
    )
    expect(generic).toEqual({
      code: 'WITHDRAW_LNURL_UNREACHABLE',
      message: 'The Lightning service could not be used',
    })

    for (const status of [301, 302, 303, 307, 308]) {
      const refused = await refusal(
        fetchPayRequest(`https://lnurl.example.com/redirect/${status}`, 'regtest', undefined, {
          dispatcher,
        }),
      )
      expect(refused, `a ${status} redirect`).toEqual(generic)
    }
    expect(targetRequests).toEqual([])
  })
})
