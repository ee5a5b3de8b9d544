/** The whole simnet on a free port, as the nostr tests use it. */
import { startSimnet } from '../../../server'
import type { SimWorld } from '../../../world'

export interface NostrSimnet {
  world: SimWorld
  baseUrl: string
  close(): Promise<void>
}

export async function startNostrSimnet(dataDir: string): Promise<NostrSimnet> {
  const simnet = await startSimnet({ port: 0, dataDir })
  return { world: simnet.world, baseUrl: simnet.url, close: () => simnet.close() }
}
