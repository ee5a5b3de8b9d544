import { describe, expect, it } from 'vitest'
import { isServerPath } from './server-paths'

describe('isServerPath', () => {
  it("names the server's own paths and nothing a page lives at", () => {
    for (const p of [
      '/api/v1/pos/payments',
      '/trpc/auth.me',
      '/lnurlw/abc',
      '/lnurlp/x',
      '/.well-known/lnurlp/shop',
      '/healthz',
      '/api',
    ]) {
      expect(isServerPath(p), p).toBe(true)
    }
    for (const p of ['/', '/terminal', '/sign-in', '/apis', '/dashboard/api', '/lnurl']) {
      expect(isServerPath(p), p).toBe(false)
    }
  })
})
