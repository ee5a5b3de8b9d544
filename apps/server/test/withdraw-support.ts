/** What the withdrawal tests share: a simnet screening API in the externals, and a lossy proxy. */
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Externals } from '../src/config'
import type { TestSimnet } from './simnet'

export const ACCOUNT_PASSWORD = 'correct horse battery'

/** The simnet's externals with its sanctions screening API. */
export async function withScreening(net: TestSimnet): Promise<Externals> {
  const listing = await net.control<{ screening: { apiUrl: string; apiKey: string } }>(
    'GET',
    '/services',
  )
  return {
    ...net.externals,
    screening: { url: listing.screening.apiUrl, apiKey: listing.screening.apiKey },
  }
}

/**
 * A plain-HTTP proxy in front of the simnet's lnd REST. While `dropReplies` matches a path, the
 * request reaches the node but its reply is lost (the connection is cut once the node answered).
 */
export async function lossyProxy(
  target: string,
): Promise<{ url: string; dropReplies: RegExp | null; close(): Promise<void> }> {
  const upstream = new URL(target)
  const state: { dropReplies: RegExp | null } = { dropReplies: null }
  const server: Server = createServer((req, res) => {
    const drop = state.dropReplies?.test(req.url ?? '') ?? false
    const up = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (upRes) => {
        if (drop) {
          // the node answered; the reply never arrives
          upRes.resume()
          upRes.on('end', () => res.socket?.destroy())
          return
        }
        res.writeHead(upRes.statusCode ?? 502, upRes.headers)
        upRes.pipe(res)
      },
    )
    up.on('error', () => res.socket?.destroy())
    req.pipe(up)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}`,
    get dropReplies() {
      return state.dropReplies
    },
    set dropReplies(v) {
      state.dropReplies = v
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
