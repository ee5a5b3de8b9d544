/** The HTTP server: tRPC at /trpc, the built web app with SPA fallback, a health check. */
import fastifyCookie from '@fastify/cookie'
import fastifyStatic from '@fastify/static'
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify'
import Fastify, { type FastifyInstance } from 'fastify'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { registerSalesRoutes } from './modules/sales/http'
import { registerTipRoutes } from './modules/tips/http'
import type { Services } from './services'
import { appRouter, type AppRouter } from './trpc/app-router'
import { createContext } from './trpc/context'

const here = path.dirname(fileURLToPath(import.meta.url))
export const WEB_DIST = path.resolve(here, '../../web/dist')

export interface BuildAppOptions {
  services: Services
  webDist?: string | null
  logger?: boolean
}

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { services } = opts
  const { config } = services
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 5000 },
  })

  // Anything unexpected answers a plain message; details stay in the server log.
  app.setErrorHandler((err: { statusCode?: number; message?: string }, req, reply) => {
    const status = err.statusCode && err.statusCode < 500 ? err.statusCode : 500
    if (status >= 500) req.log.error(err)
    return reply.status(status).send({
      error: status >= 500 ? 'Something went wrong' : (err.message ?? 'Bad request'),
    })
  })

  await app.register(fastifyCookie)

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      allowMethodOverride: false,
      createContext: ({ req, res }) =>
        createContext({
          services,
          ip: req.ip,
          headers: req.headers,
          cookies: {
            get: (name) => req.cookies[name],
            set: (name, value, expiresAt) =>
              void res.setCookie(name, value, {
                httpOnly: true,
                sameSite: 'lax',
                secure: config.isSecureCookie,
                path: '/',
                expires: expiresAt,
              }),
            clear: (name) => void res.clearCookie(name, { path: '/' }),
          },
        }),
      onError({ error, path: procedure }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') {
          app.log.error({ err: error.cause ?? error, procedure }, 'procedure failed')
        }
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  })

  app.get('/healthz', () => ({ ok: true }))
  registerSalesRoutes(app, services)
  registerTipRoutes(app, services)

  const webDist = opts.webDist === undefined ? WEB_DIST : opts.webDist
  if (webDist && existsSync(path.join(webDist, 'index.html'))) {
    await app.register(fastifyStatic, { root: webDist })
    // Client-side routes: any other GET that wants a page gets the app shell.
    app.setNotFoundHandler((req, reply) => {
      const wantsPage = req.method === 'GET' && !req.url.startsWith('/trpc')
      if (wantsPage && !path.extname(req.url.split('?')[0] ?? '')) {
        return reply.type('text/html').sendFile('index.html')
      }
      return reply.status(404).send({ error: 'Not found' })
    })
  }

  return app
}
