/**
 * Nostr for simnet: a NIP-01 relay at `/nostr` and a NIP-47 wallet service publishing on it,
 * plus the control routes that issue NWC connection URIs.
 */
import type { FastifyInstance } from 'fastify'
import type { World } from '../../world/api'
import { serviceDirectory } from '../control/directory'
import { NWC_CONTROL_PATH, connectionView, registerNwcControlRoutes } from './nwc/control'
import { relayUrlFor } from './nwc/connections'
import { NwcWalletService } from './nwc/service'
import { Relay } from './relay/relay'
import { RELAY_PATH, registerRelayRoute } from './relay/ws'

export type { NwcConnectionView } from './nwc/control'

export function registerNostr(app: FastifyInstance, world: World): Promise<void> {
  const relay = new Relay({ persistence: world.persistence })
  registerRelayRoute(app, relay)
  const service = new NwcWalletService(world, relay, (message, err) => {
    app.log.warn({ err }, message)
  })
  service.start()
  registerNwcControlRoutes(app, world, service)
  // the /control/services entry, with the connections issued so far
  serviceDirectory(world).describe('nostr', () => ({
    relayUrl: relayUrlFor(world.baseUrl, RELAY_PATH),
    nwcControlUrl: `${world.baseUrl}${NWC_CONTROL_PATH}`,
    nwcConnections: service.book.all().map((record) => {
      const view = connectionView(service, world, record)
      return {
        name: view.name,
        uri: view.uri,
        walletPubkey: view.walletPubkey,
        nodeId: view.nodeId,
      }
    }),
  }))
  app.addHook('onClose', (_instance, done) => {
    service.stop()
    done()
  })
  return Promise.resolve()
}
