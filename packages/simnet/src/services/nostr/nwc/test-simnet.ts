/** A world with only the nostr services mounted, listening on a free port, for tests. */
import Fastify from 'fastify'
import websocket from '@fastify/websocket'
import { createWorld } from '../../../world'
import type { SimWorld } from '../../../world'
import { registerNostr } from '../index'

export interface NostrSimnet {
  world: SimWorld
  baseUrl: string
  close(): Promise<void>
}

export async function startNostrSimnet(dataDir: string): Promise<NostrSimnet> {
  const world = await createWorld({ dataDir, seed: 'nostr-test', timeScale: 0.001 })
  const app = Fastify()
  await app.register(websocket)
  await registerNostr(app, world)
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' })
  world.baseUrl = baseUrl
  return {
    world,
    baseUrl,
    close: async () => {
      await app.close()
      await world.close()
    },
  }
}
