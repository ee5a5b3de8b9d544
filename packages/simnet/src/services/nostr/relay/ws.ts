/** Serves the relay at one WebSocket path, with its NIP-11 information document on plain GET. */
import type { FastifyInstance } from 'fastify'
// the route options gain `wsHandler` from the plugin's type declarations
import type {} from '@fastify/websocket'
import type { WebSocket } from 'ws'
import type { Relay } from './relay'

export const RELAY_PATH = '/nostr'

const RELAY_INFO = {
  name: 'simnet relay',
  description: 'Nostr relay of the simulated regtest network; events never leave this process.',
  supported_nips: [1, 11, 40, 47],
  software: 'simnet',
  version: '1',
  limitation: {
    max_subscriptions: 64,
    max_limit: 2000,
    auth_required: false,
    payment_required: false,
  },
}

export function registerRelayRoute(app: FastifyInstance, relay: Relay): void {
  app.route({
    method: 'GET',
    url: RELAY_PATH,
    handler: async (request, reply) => {
      const accept = request.headers.accept ?? ''
      if (accept.includes('application/nostr+json')) {
        return reply
          .header('access-control-allow-origin', '*')
          .type('application/nostr+json')
          .send(JSON.stringify(RELAY_INFO))
      }
      return reply.type('text/plain').send('Nostr relay: connect with a WebSocket client.\n')
    },
    wsHandler: (socket: WebSocket) => {
      const connection = relay.connect((message) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message))
      })
      socket.on('message', (data, isBinary) => {
        if (isBinary) {
          socket.send(JSON.stringify(['NOTICE', 'invalid: binary messages are not supported']))
          return
        }
        connection.receive(
          Buffer.isBuffer(data)
            ? data.toString('utf8')
            : Buffer.concat(toBuffers(data)).toString('utf8'),
        )
      })
      socket.on('close', () => connection.close())
      socket.on('error', () => connection.close())
    },
  })
}

function toBuffers(data: ArrayBuffer | Buffer[]): Buffer[] {
  return Array.isArray(data) ? data : [Buffer.from(data)]
}
