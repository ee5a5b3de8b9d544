/**
 * The built web app (apps/web/dist): files sent precompressed (brotli or gzip, chosen by the
 * request's Accept-Encoding, with `Vary: Accept-Encoding`), hashed files cached for a year, and
 * everything whose name does not change with its content (the page, the service worker, the
 * manifests, translations, icons) revalidated on each use. A customer's checkout and payment-link
 * pages (`/pay/…`, `/l/…`) get the checkout's own small page (checkout.html); any other GET for a
 * page gets the app shell (client-side routes); other unknown paths are a JSON 404.
 */
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlib, gzip } from 'node:zlib'
import {
  checkoutLanguage,
  checkoutMessagesPath,
  checkoutPageData,
  isCheckoutPagePath,
  isServerPath,
} from '@app/domain'

export const IMMUTABLE = 'public, max-age=31536000, immutable'
export const REVALIDATE = 'no-cache'

/** The installable apps' manifests; the configured brand name replaces the built-in one. */
const MANIFESTS = ['manifest.webmanifest', 'terminal.webmanifest'] as const

function isPageRequest(method: string, url: string): boolean {
  const pathname = url.split('?')[0] ?? ''
  return method === 'GET' && !isServerPath(pathname) && !path.extname(pathname)
}

/** Vite names what it bundles `assets/<name>-<hash>.<ext>`; Workbox its runtime `workbox-<hash>.js`. */
function isHashed(relativePath: string): boolean {
  return relativePath.startsWith('assets/') || /^workbox-[0-9a-f]{8}\.js$/.test(relativePath)
}

function cacheHeaders(webDist: string) {
  return (reply: FastifyReply, file: string) => {
    const relative = path
      .relative(webDist, file)
      .split(path.sep)
      .join('/')
      .replace(/\.(br|gz)$/, '')
    reply.header('cache-control', isHashed(relative) ? IMMUTABLE : REVALIDATE)
  }
}

function manifestWithBrand(webDist: string, file: string, brandName: string): string | null {
  const full = path.join(webDist, file)
  if (!existsSync(full)) return null
  const manifest = JSON.parse(readFileSync(full, 'utf8')) as Record<string, unknown>
  const builtIn = typeof manifest.name === 'string' ? manifest.name : ''
  const shortName = typeof manifest.short_name === 'string' ? manifest.short_name : ''
  const builtInBrand = 'My product'
  return JSON.stringify({
    ...manifest,
    name: builtIn.replace(builtInBrand, brandName),
    short_name: shortName.replace(builtInBrand, brandName),
  })
}

export interface WebAppOptions {
  /** The build's folder; null or a folder without index.html serves no app. */
  webDist: string | null
  brandName: string
  /**
   * What a page's head carries for this request (the answers its first screen needs: see
   * boot-data.ts); the page is then made for the request, not sent from the build.
   */
  pageHead?: (req: FastifyRequest, reply: FastifyReply) => Promise<string>
}

/**
 * The checkout page's head: what it fetches first (the invoice or link, the texts in the
 * customer's language) starts with the page rather than after its script, a round trip sooner.
 */
function checkoutHints(req: FastifyRequest, pathname: string): string {
  const languages = String(req.headers['accept-language'] ?? '').split(',')
  const data = checkoutPageData(pathname)
  return [data, checkoutMessagesPath(checkoutLanguage(languages))]
    .filter((href): href is string => href !== null)
    .map((href) => `<link rel="preload" href="${href}" as="fetch" crossorigin="anonymous">`)
    .join('')
}

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

/** The app shell with `head` before `</head>`, compressed as the browser accepts. */
async function sendPage(req: FastifyRequest, reply: FastifyReply, shell: string, head: string) {
  const body = Buffer.from(shell.replace('</head>', `${head}</head>`))
  const accepts = String(req.headers['accept-encoding'] ?? '')
  // personal (it may hold who is signed in): never kept by a shared cache
  void reply
    .header('cache-control', 'private, no-cache')
    .header('vary', 'accept-encoding, cookie')
    .type('text/html; charset=utf-8')
  if (/\bbr\b/.test(accepts)) {
    const params = { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length }
    return reply.header('content-encoding', 'br').send(await brotli(body, { params }))
  }
  if (/\bgzip\b/.test(accepts)) {
    return reply.header('content-encoding', 'gzip').send(await gzipped(body))
  }
  return reply.send(body)
}

export async function registerWebApp(app: FastifyInstance, opts: WebAppOptions): Promise<void> {
  const { webDist, brandName, pageHead } = opts
  const hasWebApp = Boolean(webDist && existsSync(path.join(webDist, 'index.html')))
  const shell = hasWebApp && webDist ? readFileSync(path.join(webDist, 'index.html'), 'utf8') : ''
  const checkoutFile = webDist ? path.join(webDist, 'checkout.html') : ''
  const checkoutShell =
    hasWebApp && existsSync(checkoutFile) ? readFileSync(checkoutFile, 'utf8') : ''

  if (hasWebApp && webDist) {
    for (const file of MANIFESTS) {
      const body = manifestWithBrand(webDist, file, brandName)
      if (body === null) continue
      app.get(`/${file}`, (_req, reply) =>
        reply
          .header('cache-control', REVALIDATE)
          .type('application/manifest+json; charset=utf-8')
          .send(body),
      )
    }
    await app.register(fastifyStatic, {
      root: webDist,
      preCompressed: true,
      // Vite's build notes (.vite/manifest.json) are not for browsers.
      dotfiles: 'ignore',
      cacheControl: false,
      setHeaders: cacheHeaders(webDist),
    })
  }

  // Client-side routes: a GET for a page gets the app shell; anything else is a JSON 404.
  app.setNotFoundHandler(async (req, reply) => {
    if (hasWebApp && isPageRequest(req.method, req.url)) {
      const pathname = req.url.split('?')[0] ?? ''
      if (checkoutShell && isCheckoutPagePath(pathname)) {
        return sendPage(req, reply, checkoutShell, checkoutHints(req, pathname))
      }
      if (!pageHead) return reply.type('text/html').sendFile('index.html')
      // without its answers the page still works: it asks for them itself
      const head = await pageHead(req, reply).catch((err: unknown) => {
        req.log.warn({ err }, 'page answers failed')
        return ''
      })
      return sendPage(req, reply, shell, head)
    }
    return reply.status(404).send({ error: 'Not found' })
  })
}
