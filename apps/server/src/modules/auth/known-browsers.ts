/**
 * Browsers an account was signed in from. A browser carries a random token in a long-lived
 * cookie (`KNOWN_BROWSER_COOKIE`); the hash of the token is stored per account. A sign-in from a
 * browser without a token known for the account makes it known and, when the account had a
 * known browser already (it has signed in before), mails a `new-sign-in` notice in the same
 * transaction. Sign-up makes its browser known without a notice.
 */
import { hashToken, newToken } from '../../lib/secrets'
import type { SecurityNotices } from '../../mail/security-notices'
import type { KnownBrowserRepo } from './known-browser-repo'
import type { ClientInfo } from './sessions'
import { summariseUserAgent } from './user-agent'

export const KNOWN_BROWSER_COOKIE = 'kb'
/** how long the browser keeps its token (renewed at each sign-in) */
export const KNOWN_BROWSER_MS = 365 * 24 * 60 * 60 * 1000

/** The cookie to set: the token, and when the browser may drop it. */
export interface KnownBrowserCookie {
  token: string
  expiresAt: Date
}

/** "Chrome on macOS" from the User-Agent header; null when nothing is recognised. */
export function browserName(userAgent: string | null | undefined): string | null {
  const { browser, system } = summariseUserAgent(userAgent)
  if (browser && system) return `${browser} on ${system}`
  return browser ?? system
}

export function createKnownBrowsers(deps: {
  repo: KnownBrowserRepo
  notices?: SecurityNotices
  now?: () => Date
}) {
  const now = deps.now ?? (() => new Date())
  const cookie = (token: string): KnownBrowserCookie => ({
    token,
    expiresAt: new Date(now().getTime() + KNOWN_BROWSER_MS),
  })

  return {
    /**
     * After a sign-in (or sign-up, `signUp`): the browser's cookie to set (renewed). A browser
     * new to the account becomes known, with a `new-sign-in` notice unless it is the account's
     * first browser.
     */
    async signedIn(
      userId: string,
      client: ClientInfo,
      opts: { signUp?: boolean } = {},
    ): Promise<KnownBrowserCookie> {
      const presented = client.knownBrowser?.trim()
      if (presented && (await deps.repo.touch(userId, hashToken(presented)))) {
        return cookie(presented)
      }
      // a token another account of this browser knows is kept; any other value is replaced
      const token =
        presented && (await deps.repo.anyKnows(hashToken(presented))) ? presented : newToken()
      await deps.repo.add(userId, hashToken(token), async (trx, hadOne) => {
        if (!hadOne || opts.signUp || !deps.notices) return
        await deps.notices.toAccount(trx, userId, 'new-sign-in', {
          subject: browserName(client.userAgent),
          from: client.ip || null,
        })
      })
      return cookie(token)
    },
  }
}

export type KnownBrowsers = ReturnType<typeof createKnownBrowsers>
