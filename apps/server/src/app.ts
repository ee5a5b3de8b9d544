/**
 * The HTTP server: tRPC at /trpc, the built web app (./web-app), a health check, and
 * security headers on every answer.
 */
import { MAX_BATCH_CALLS } from '@app/domain'
import fastifyCookie from '@fastify/cookie'
import fastifyHelmet from '@fastify/helmet'
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { registerAuditRoutes } from './modules/audit/http'
import { registerSalesRoutes } from './modules/sales/http'
import { registerTipRoutes } from './modules/tips/http'
import { registerDeviceRoutes } from './modules/devices/http'
import { registerPosRoutes } from './modules/pos/http'
import { registerRefundRoutes } from './modules/refunds/http'
import type { TrustProxy } from './config-trust-proxy'
import type { Services } from './services'
import { appRouter, type AppRouter } from './trpc/app-router'
import { createContext } from './trpc/context'
import { bootDataFor, bootDataScript } from './boot-data'
import { guardHttpInput } from './trpc/input-guard'
import { registerWebApp } from './web-app'
import { redactingLogger } from './lib/log-redaction'

const here = path.dirname(fileURLToPath(import.meta.url))
export const WEB_DIST = path.resolve(here, '../../web/dist')

/**
 * A hop count trusts that many proxies nearest the server (each appends the address it saw to
 * X-Forwarded-For); the client's address is the one before them. A list trusts those addresses.
 */
function trustProxyOption(
  trust: TrustProxy,
): false | string[] | ((a: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust
}

export interface BuildAppOptions {
  services: Services
  webDist?: string | null
  /**
   * the server log (secrets redacted from it) at the configured LOG_LEVEL; a stream replaces
   * standard output
   */
  logger?: boolean | { stream: { write(line: string): void } }
}

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { services } = opts
  const { config } = services
  const app = Fastify({
    logger: opts.logger
      ? {
          ...redactingLogger(opts.logger === true ? undefined : opts.logger.stream),
          // requests are logged at `info`: not at the default `warn`
          level: config.logLevel,
        }
      : false,
    trustProxy: trustProxyOption(config.trustProxy),
    routerOptions: { maxParamLength: 5000 },
  })

  // Anything unexpected answers a plain message; details stay in the server log.
  app.setErrorHandler((err: { statusCode?: number; message?: string }, req, reply) => {
    const status = err.statusCode && err.statusCode < 500 ? err.statusCode : 500
    if (status >= 500) req.log.error(err)
    // JSON even when the route had set another type (a download) before it failed
    return reply
      .status(status)
      .type('application/json; charset=utf-8')
      .send({
        error: status >= 500 ? 'Something went wrong' : (err.message ?? 'Bad request'),
      })
  })

  guardHttpInput(app)
  await app.register(fastifyCookie)
  await app.register(fastifyHelmet, securityHeaders(config.publicUrl, config.browserReportOrigins))

  const bootData = bootDataFor(appRouter)
  /** Who is calling, for an API call or for the answers a page carries (boot-data.ts). */
  const contextFor = (req: FastifyRequest, res: FastifyReply) =>
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
    })

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      allowMethodOverride: false,
      // each call can hold a database connection: one request must not take them all
      maxBatchSize: MAX_BATCH_CALLS,
      createContext: ({ req, res }) => contextFor(req, res),
      onError({ error, path: procedure }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') {
          app.log.error({ err: error.cause ?? error, procedure }, 'procedure failed')
        }
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  })

  app.get('/healthz', () => ({ ok: true }))
  registerSalesRoutes(app, services)
  registerAuditRoutes(app, services)
  registerTipRoutes(app, services)
  registerDeviceRoutes(app, services)
  registerPosRoutes(app, services)
  registerRefundRoutes(app, services)

  await registerWebApp(app, {
    webDist: opts.webDist === undefined ? WEB_DIST : opts.webDist,
    brandName: config.brandName,
    pageHead: async (req, reply) => {
      const pathname = req.url.split('?')[0] ?? '/'
      return bootDataScript(await bootData(contextFor(req, reply), pathname))
    },
  })

  return app
}

/**
 * Headers for every answer. The web app loads its scripts, styles and translations from this
 * origin only (and sends error reports to the reporting service when one is set); its QR codes
 * and icons may be data: images and a few sizes are inline styles. No one may frame it. HSTS
 * and the upgrade of plain requests only when it is served on https.
 */
function securityHeaders(publicUrl: string, reportOrigins: string[]) {
  const isHttps = publicUrl.startsWith('https://')
  return {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'base-uri': ["'self'"],
        // WebAssembly may be compiled (the camera scanner's QR decoder); no script from text
        'script-src': ["'self'", "'wasm-unsafe-eval'"],
        'script-src-attr': ["'none'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", ...reportOrigins],
        'object-src': ["'none'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        ...(isHttps ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    frameguard: { action: 'deny' as const },
    // Same-origin, not no-referrer: browsers then keep the Origin header on the app's own
    // POSTs, which the cross-site check of mutations relies on.
    referrerPolicy: { policy: 'same-origin' as const },
    strictTransportSecurity: isHttps
      ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true }
      : false,
  }
}
