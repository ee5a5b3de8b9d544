import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { World } from '../../world/api'
import type { Lightning, LnNode } from '../../world/lightning-api'
import { type DaemonRecord, type LndDaemons, lndDaemons } from './daemon'
import { GrpcCode, RpcError, unknownError } from './errors'
import { StreamRegistry } from './stream'

/** Which part of lnd answers a route: the wallet unlocker, the state service, or the rest. */
export type Access = 'unlocker' | 'state' | 'rpc'

export interface LndRouteConfig {
  access?: Access
}

export interface LndContext {
  world: World
  lightning: Lightning
  daemons: LndDaemons
  streams: StreamRegistry
}

declare module 'fastify' {
  interface FastifyRequest {
    lndNode: LnNode
    lndDaemon: DaemonRecord
  }
}

const MESSAGES = {
  NON_EXISTING: 'wallet not created, create one to enable full RPC access',
  LOCKED: 'wallet locked, unlock it to enable full RPC access',
  STARTING: 'the RPC server is in the process of starting up, but not yet ready to accept calls',
  UNLOCKED_ALREADY: 'wallet already unlocked, WalletUnlocker service is no longer available',
}

/** Resolves `:nodeId` and refuses calls the node's lnd could not answer in its current state. */
export function installAccessControl(scope: FastifyInstance, ctx: LndContext): void {
  scope.decorateRequest('lndNode', null as unknown as LnNode)
  scope.decorateRequest('lndDaemon', null as unknown as DaemonRecord)
  scope.addHook('onRequest', (req: FastifyRequest, _reply, done) => {
    try {
      resolveRequest(req)
      done()
    } catch (err) {
      done(err as Error)
    }
  })
  const resolveRequest = (req: FastifyRequest) => {
    const nodeId = (req.params as { nodeId?: string }).nodeId ?? ''
    const daemon = ctx.daemons.get(nodeId)
    const node = ctx.lightning.node(nodeId)
    if (!daemon || !node || daemon.phase === 'offline') {
      throw new RpcError(GrpcCode.Unavailable, `connection refused: lnd ${nodeId} is not running`)
    }
    req.lndNode = node
    req.lndDaemon = daemon
    const access = (req.routeOptions.config as LndRouteConfig).access ?? 'rpc'
    checkState(daemon, access)
    if (access === 'rpc') checkMacaroon(req, ctx.daemons, nodeId)
  }
}

function checkState(daemon: DaemonRecord, access: Access): void {
  const phase = daemon.phase
  if (access === 'state') return
  if (access === 'unlocker') {
    if (phase === 'NON_EXISTING' || phase === 'LOCKED') return
    if (phase === 'WAITING_TO_START') throw unknownError(MESSAGES.STARTING)
    throw unknownError(MESSAGES.UNLOCKED_ALREADY)
  }
  if (phase === 'SERVER_ACTIVE') return
  if (phase === 'NON_EXISTING') throw unknownError(MESSAGES.NON_EXISTING)
  if (phase === 'LOCKED') throw unknownError(MESSAGES.LOCKED)
  throw unknownError(MESSAGES.STARTING)
}

export function checkMacaroon(req: FastifyRequest, daemons: LndDaemons, nodeId: string): void {
  const header = req.headers['grpc-metadata-macaroon']
  const value = Array.isArray(header) ? header[0] : header
  if (!value) throw unknownError('expected 1 macaroon, got 0')
  if (!/^([0-9a-fA-F]{2})+$/.test(value)) {
    throw unknownError('unable to decode macaroon: encoding/hex: invalid byte')
  }
  if (value.toLowerCase() !== daemons.adminMacaroonHex(nodeId)) {
    throw unknownError('verification failed: signature mismatch after caveat verification')
  }
}

export function createLndContext(world: World): LndContext {
  return {
    world,
    lightning: world.lightning,
    daemons: lndDaemons(world),
    streams: new StreamRegistry(),
  }
}
