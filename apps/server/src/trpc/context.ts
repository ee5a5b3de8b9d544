/** Per-request context: the services, who is calling, and how to set the session cookie. */
import type { IncomingHttpHeaders } from 'node:http'
import { KNOWN_BROWSER_COOKIE } from '../modules/auth/known-browsers'
import type { MemberBusiness, SessionUser } from '../modules/auth/repo'
import type { NewSession } from '../modules/auth/service'
import type { Services } from '../services'

export const SESSION_COOKIE = 'sid'

export interface CookieJar {
  get(name: string): string | undefined
  set(name: string, value: string, expiresAt: Date): void
  clear(name: string): void
}

export interface Context {
  services: Services
  ip: string
  headers: IncomingHttpHeaders
  cookies: CookieJar
  /** The signed-in user, resolved once per request on first use. */
  getUser(): Promise<SessionUser | null>
  /** The signed-in user and the business when they are a member of it (one query). */
  getUserInBusiness(
    businessId: string,
  ): Promise<{ user: SessionUser; business: MemberBusiness | null } | null>
  startSession(session: NewSession): void
  endSession(): void
}

export function createContext(opts: {
  services: Services
  ip: string
  headers: IncomingHttpHeaders
  cookies: CookieJar
}): Context {
  let user: Promise<SessionUser | null> | undefined
  return {
    ...opts,
    getUser() {
      user ??= opts.services.auth.resolveSession(opts.cookies.get(SESSION_COOKIE), opts.ip)
      return user
    },
    async getUserInBusiness(businessId) {
      const found = await opts.services.auth.resolveSessionInBusiness(
        opts.cookies.get(SESSION_COOKIE),
        businessId,
        opts.ip,
      )
      user ??= Promise.resolve(found?.user ?? null)
      return found
    },
    startSession(session) {
      opts.cookies.set(SESSION_COOKIE, session.token, session.expiresAt)
      const browser = session.knownBrowser
      if (browser) opts.cookies.set(KNOWN_BROWSER_COOKIE, browser.token, browser.expiresAt)
    },
    endSession() {
      opts.cookies.clear(SESSION_COOKIE)
    },
  }
}
