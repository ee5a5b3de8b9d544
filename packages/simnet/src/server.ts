/**
 * Assembles simnet: one world, one Fastify server on one port, every simulated service mounted
 * under its own path. HTTP and HTTPS share the port (LND clients pin the TLS certificate).
 */
import Fastify, { type FastifyInstance } from 'fastify'
import websocket from '@fastify/websocket'
import { createWorld, type SimWorld } from './world/index'
import { createDualProtocolServer, loadOrCreateTlsIdentity } from './services/lnd/tls'
import { registerLnd } from './services/lnd/index'
import { registerLoop } from './services/loop/index'
import { registerNodehost } from './services/nodehost/index'
import { registerEsplora } from './services/esplora/index'
import { registerControl } from './services/control/index'
import { registerNostr } from './services/nostr/index'
import { registerCashu } from './services/cashu/index'
import { registerKraken } from './services/kraken/index'
import { registerScreening } from './services/screening/index'

export interface StartSimnetOptions {
  /** Default: env SIMNET_PORT or 3100; 0 picks a free port. */
  port?: number
  /** Default 127.0.0.1. */
  host?: string
  /** Folder for world.json, tls.cert and tls.key. */
  dataDir: string
  /** Default 'simnet'. */
  seed?: string
  /** Multiplies simulated durations (channel opening, node provisioning...). Default 1. */
  timeScale?: number
  /** Node host applications skip the operator's approval. Default false. */
  autoApproveNodes?: boolean
  /** Real ms between automatically mined blocks. Default: 10 minutes × timeScale; 0 = never. */
  mineIntervalMs?: number
}

export interface Simnet {
  /** Base URL, e.g. http://127.0.0.1:3100 (the same port also answers HTTPS). */
  url: string
  world: SimWorld
  close(): Promise<void>
}

const BLOCK_INTERVAL_MS = 600_000

export async function startSimnet(options: StartSimnetOptions): Promise<Simnet> {
  const timeScale = options.timeScale ?? 1
  const host = options.host ?? '127.0.0.1'
  const port = options.port ?? Number(process.env.SIMNET_PORT ?? 3100)
  const world = await createWorld({
    dataDir: options.dataDir,
    timeScale,
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    mineIntervalMs: options.mineIntervalMs ?? Math.round(BLOCK_INTERVAL_MS * timeScale),
  })
  const tls = await loadOrCreateTlsIdentity(options.dataDir)
  const app: FastifyInstance = Fastify({
    routerOptions: { maxParamLength: 5000 },
    serverFactory: (handler) => createDualProtocolServer(handler, tls),
    bodyLimit: 4 * 1024 * 1024,
  })
  try {
    await app.register(websocket)
    await registerControl(app, world, { tlsCertPem: tls.certPem })
    await registerLnd(app, world)
    await registerLoop(app, world)
    await registerNodehost(app, world, {
      autoApprove: options.autoApproveNodes ?? false,
      tlsCertPem: tls.certPem,
    })
    await registerEsplora(app, world)
    await registerNostr(app, world)
    await registerCashu(app, world)
    await registerKraken(app, world)
    await registerScreening(app, world)
    await app.listen({ port, host })
  } catch (err) {
    await app.close().catch(() => undefined)
    await world.close()
    throw err
  }
  const address = app.server.address()
  const actualPort = typeof address === 'object' && address ? address.port : port
  world.baseUrl = `http://${host}:${actualPort}`
  let closing: Promise<void> | null = null
  return {
    url: world.baseUrl,
    world,
    close() {
      closing ??= (async () => {
        await app.close()
        await world.close()
      })()
      return closing
    },
  }
}
