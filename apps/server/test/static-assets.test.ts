/**
 * How the server sends the built web app: the precompressed copy the browser accepts (brotli
 * before gzip, the plain file otherwise) with `Vary: Accept-Encoding`, a year of caching for
 * hashed files and revalidation for the page, the service worker, the manifests and translations;
 * the manifests carry the configured brand name; the build's own notes are not served.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { scenario } from './harness'

const SHELL = `<!doctype html><html><head><title>Shop</title></head><body>${'<div></div>'.repeat(80)}<div id="root"></div></body></html>`
const SCRIPT = `export const words = ${JSON.stringify('lightning '.repeat(500))}\n`
const WORKER = `self.addEventListener('fetch', () => {}) // ${'cache '.repeat(200)}`
const TRANSLATION = JSON.stringify({ common: { hello: 'Hello'.repeat(200) } })
const MANIFEST = {
  id: '/',
  name: 'My product',
  short_name: 'My product',
  start_url: '/',
  icons: [{ src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' }],
}

const webDist = mkdtempSync(path.join(tmpdir(), 'web-dist-'))

function put(relative: string, body: string, compressed = true) {
  const file = path.join(webDist, relative)
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, body)
  if (!compressed) return
  writeFileSync(`${file}.gz`, gzipSync(body))
  writeFileSync(`${file}.br`, brotliCompressSync(body))
}

put('index.html', SHELL)
put('assets/index-Bx3k9QzA.js', SCRIPT)
put('sw.js', WORKER)
put('workbox-9c191d2f.js', SCRIPT)
put('locales/en/translation.json', TRANSLATION)
put('manifest.webmanifest', JSON.stringify(MANIFEST), false)
put('terminal.webmanifest', JSON.stringify({ ...MANIFEST, name: 'My product Terminal' }), false)
put('pwa-192x192.png', 'not really a png', false)
put('.vite/manifest.json', '{"src/main.tsx":{}}')
const t = await scenario({ env: { BRAND_NAME: 'Corner Café' }, http: 'inject', webDist })
afterAll(async () => {
  await t.close()
  rmSync(webDist, { recursive: true, force: true })
})
const { app } = t

async function get(url: string, acceptEncoding?: string) {
  return app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  })
}

function decoded(res: Awaited<ReturnType<typeof get>>): string {
  const body = res.rawPayload
  switch (res.headers['content-encoding']) {
    case 'br':
      return brotliDecompressSync(body).toString('utf8')
    case 'gzip':
      return gunzipSync(body).toString('utf8')
    default:
      return body.toString('utf8')
  }
}

describe('encodings', () => {
  it('sends brotli when the browser accepts it, gzip when only that, plain otherwise', async () => {
    const cases = [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
      ['identity', undefined],
      [undefined, undefined],
    ] as const
    for (const [accept, encoding] of cases) {
      const res = await get('/assets/index-Bx3k9QzA.js', accept)
      expect(res.statusCode, String(accept)).toBe(200)
      expect(res.headers['content-encoding'], String(accept)).toBe(encoding)
      expect(res.headers['content-type'], String(accept)).toMatch(/^(text|application)\/javascript/)
      expect(res.headers.vary, String(accept)).toMatch(/accept-encoding/i)
      expect(decoded(res), String(accept)).toBe(SCRIPT)
    }
    const br = await get('/assets/index-Bx3k9QzA.js', 'br')
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 5)
  })

  it('sends the page compressed, for its own path and for client-side routes', async () => {
    for (const url of ['/index.html', '/', '/sign-in', '/terminal']) {
      const res = await get(url, 'gzip, br')
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-encoding'], url).toBe('br')
      expect(res.headers['content-type'], url).toMatch(/^text\/html/)
      expect(res.headers.vary, url).toMatch(/accept-encoding/i)
      // a client-side route's page also carries its first answers (boot-data.test.ts)
      expect(decoded(res).replace(/<script type="application\/json".*?<\/script>/, ''), url).toBe(
        SHELL,
      )
    }
  })

  it('sends translations and the service worker compressed', async () => {
    const locale = await get('/locales/en/translation.json', 'gzip')
    expect(locale.headers['content-encoding']).toBe('gzip')
    expect(locale.headers['content-type']).toMatch(/^application\/json/)
    expect(JSON.parse(decoded(locale))).toEqual(JSON.parse(TRANSLATION))
    const worker = await get('/sw.js', 'br')
    expect(worker.headers['content-encoding']).toBe('br')
    expect(decoded(worker)).toBe(WORKER)
  })
})

describe('caching', () => {
  it('lets browsers keep hashed files for a year without asking again', async () => {
    for (const url of ['/assets/index-Bx3k9QzA.js', '/workbox-9c191d2f.js']) {
      for (const accept of ['br', 'gzip', undefined]) {
        const res = await get(url, accept)
        expect(res.headers['cache-control'], `${url} ${accept}`).toBe(
          'public, max-age=31536000, immutable',
        )
      }
    }
  })

  it('has the page, the service worker, manifests, translations and icons revalidated', async () => {
    for (const url of [
      '/',
      '/index.html',
      '/sw.js',
      '/manifest.webmanifest',
      '/terminal.webmanifest',
      '/locales/en/translation.json',
      '/pwa-192x192.png',
    ]) {
      const res = await get(url, 'br, gzip')
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['cache-control'], url).toBe('no-cache')
    }
    // a client-side route's page carries who is signed in: private to the browser
    expect((await get('/sign-in', 'br')).headers['cache-control']).toBe('private, no-cache')
  })

  it('answers a revalidation of an unchanged page with 304', async () => {
    const first = await get('/index.html', 'br')
    const etag = first.headers.etag
    expect(etag).toBeTruthy()
    const again = await app.inject({
      method: 'GET',
      url: '/index.html',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(etag) },
    })
    expect(again.statusCode).toBe(304)
    expect(again.rawPayload.length).toBe(0)
  })
})

describe('manifests and build files', () => {
  it('names the installed apps after the configured brand', async () => {
    const app1 = await get('/manifest.webmanifest')
    expect(app1.headers['content-type']).toMatch(/^application\/manifest\+json/)
    expect(app1.json()).toMatchObject({ name: 'Corner Café', short_name: 'Corner Café' })
    expect(app1.json()).toMatchObject({ start_url: '/', icons: MANIFEST.icons })
    const terminal = await get('/terminal.webmanifest')
    expect(terminal.json()).toMatchObject({ name: 'Corner Café Terminal' })
  })

  it('does not serve the build’s notes, nor pages for missing files', async () => {
    for (const url of ['/.vite/manifest.json', '/assets/missing-00000000.js']) {
      const res = await get(url, 'br')
      expect(res.statusCode, url).toBe(404)
      expect(res.json(), url).toEqual({ error: 'Not found' })
    }
  })
})
