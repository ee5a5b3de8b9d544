/**
 * lnd's REST interface (grpc-gateway) for every Lightning node of the world, under
 * `/lnd/:nodeId`: wallet unlocker and state, invoices, payments, channels and the on-chain
 * wallet, with lnd's JSON conventions, errors and macaroon checks. Served over HTTPS.
 */
import type { FastifyInstance } from 'fastify'
import type { World } from '../../world/api'
import { createLndContext, installAccessControl, type LndContext } from './context'
import { rpcErrorHandler } from './errors'
import { backupRoutes } from './routes/backup'
import { infoRoutes } from './routes/info'
import { invoiceRoutes } from './routes/invoices'
import { onchainRoutes } from './routes/onchain'
import { routerRoutes } from './routes/router'
import { unlockerRoutes } from './routes/unlocker'
import { walletRoutes } from './routes/wallet'

const LND_PREFIX = '/lnd'
export type { DaemonRecord, WalletState, DaemonPhase } from './daemon'

export async function registerLnd(app: FastifyInstance, world: World): Promise<void> {
  const ctx: LndContext = createLndContext(world)
  await app.register(
    (scope, _opts, done) => {
      // grpc-gateway reads any body as JSON, an empty one as {}.
      scope.removeAllContentTypeParsers()
      scope.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => {
        const text = typeof body === 'string' ? body.trim() : ''
        if (!text) return done(null, {})
        try {
          done(null, JSON.parse(text))
        } catch (err) {
          done(
            Object.assign(new Error(`unexpected token in JSON: ${(err as Error).message}`), {
              statusCode: 400,
            }),
          )
        }
      })
      scope.setErrorHandler(rpcErrorHandler)
      scope.setNotFoundHandler((_req, reply) => {
        void reply.code(501).send({ code: 12, message: 'Not Implemented', details: [] })
      })
      installAccessControl(scope, ctx)
      unlockerRoutes(scope, ctx)
      infoRoutes(scope, ctx)
      invoiceRoutes(scope, ctx)
      routerRoutes(scope, ctx)
      onchainRoutes(scope, ctx)
      backupRoutes(scope, ctx)
      walletRoutes(scope, ctx)
      done()
    },
    { prefix: `${LND_PREFIX}/:nodeId` },
  )
  // Which streams are open, so a test acts once a client listens instead of after a pause.
  app.get('/control/lnd/streams', () => ({ streams: ctx.streams.paths() }))
  app.addHook('preClose', (done) => {
    ctx.streams.endAll()
    ctx.daemons.close()
    done()
  })
}
