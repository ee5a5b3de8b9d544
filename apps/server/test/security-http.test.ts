/**
 * What every HTTP answer carries and how unknown paths answer: security headers on pages, API
 * answers and errors; machine paths (/.well-known, /api, /trpc) answer a JSON 404, and only page
 * routes fall back to the web app.
 */
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { scenario } from './harness'

const SHELL = '<!doctype html><html><body><div id="root"></div></body></html>'

const webDist = mkdtempSync(path.join(tmpdir(), 'web-'))
writeFileSync(path.join(webDist, 'index.html'), SHELL)
const t = await scenario({ http: 'inject', webDist })
afterAll(async () => {
  await t.close()
  rmSync(webDist, { recursive: true, force: true })
})
const { app } = t

describe('unknown paths', () => {
  for (const url of [
    '/.well-known/keysend/alice',
    '/.well-known/nostr.json?name=alice',
    '/api/nope',
    '/api/businesses/x/nope.csv',
    '/lnurlw/no/such-path',
  ]) {
    it(`answers ${url} with a JSON 404, not the web app`, async () => {
      const res = await app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(404)
      expect(res.headers['content-type']).toMatch(/^application\/json/)
      expect(res.json()).toEqual({ error: 'Not found' })
    })
  }

  it('keeps tRPC’s own 404 for an unknown procedure', async () => {
    const res = await app.inject({ method: 'GET', url: '/trpc/nope.nothing' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ error: { json: { data: { code: 'NOT_FOUND' } } } })
  })

  it('answers page routes with the web app, and missing files with 404', async () => {
    for (const url of ['/', '/sign-in', '/0b1c/bitcoin/take-payments?x=1']) {
      const res = await app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-type'], url).toMatch(/^text\/html/)
      expect(res.body, url).toBe(SHELL)
    }
    const missing = await app.inject({ method: 'GET', url: '/assets/missing.js' })
    expect(missing.statusCode).toBe(404)
    const post = await app.inject({ method: 'POST', url: '/sign-in' })
    expect(post.statusCode).toBe(404)
  })
})

describe('security headers', () => {
  function directives(csp: string | string[] | undefined): Map<string, string> {
    return new Map(
      String(csp ?? '')
        .split(';')
        .map((d) => d.trim())
        .filter(Boolean)
        .map((d) => {
          const [name = '', ...rest] = d.split(/\s+/)
          return [name, rest.join(' ')] as const
        }),
    )
  }

  it('sends them on pages, API answers, JSON 404s and the health check', async () => {
    const answers = await Promise.all(
      ['/', '/healthz', '/api/nope', '/trpc/system.config', '/.well-known/lnurlp/nobody'].map(
        (url) => app.inject({ method: 'GET', url }),
      ),
    )
    for (const res of answers) {
      const csp = directives(res.headers['content-security-policy'])
      expect(csp.get('frame-ancestors')).toBe("'none'")
      expect(csp.get('default-src')).toBe("'self'")
      expect(csp.get('script-src')).toBe("'self' 'wasm-unsafe-eval'")
      expect(csp.get('object-src')).toBe("'none'")
      expect(csp.get('connect-src')).toBe("'self'")
      // QR codes and icons may be data: images; the payment page's sizes are inline styles.
      expect(csp.get('img-src')).toContain('data:')
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['x-frame-options']).toBe('DENY')
      // Same-origin keeps Origin on the app's own POSTs (its cross-site check needs it).
      expect(res.headers['referrer-policy']).toBe('same-origin')
      // Served over plain http here: no HSTS, no upgrade of requests.
      expect(res.headers['strict-transport-security']).toBeUndefined()
      expect(csp.has('upgrade-insecure-requests')).toBe(false)
    }
  })

  it('adds HSTS when the public address is https', async () => {
    const secure = await scenario({
      env: {
        PUBLIC_URL: 'https://pay.example.com',
        VITE_SENTRY_DSN: 'https://key@o1.ingest.example.io/42',
      },
      http: 'inject',
      webDist,
    })
    try {
      for (const url of ['/', '/healthz']) {
        const res = await secure.app.inject({ method: 'GET', url })
        expect(res.headers['strict-transport-security']).toMatch(
          /max-age=\d{7,}; includeSubDomains/,
        )
        const csp = directives(res.headers['content-security-policy'])
        expect(csp.has('upgrade-insecure-requests')).toBe(true)
        // The browser's error reports may reach the reporting service, and nothing else.
        expect(csp.get('connect-src')).toBe("'self' https://o1.ingest.example.io")
      }
    } finally {
      await secure.close()
    }
  })
})
