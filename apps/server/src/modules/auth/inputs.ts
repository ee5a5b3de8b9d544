/** What the auth and account procedures share: the code input, and who the caller is. */
import { z } from 'zod'
import type { Context } from '../../trpc/context'
import { KNOWN_BROWSER_COOKIE } from './known-browsers'
import type { ClientInfo } from './sessions'

/** A code from an authenticator app (6 digits) or a recovery code (`xxxxx-xxxxx`). */
export const ZSecondFactorCode = z.string().trim().min(1).max(32)

/** The caller's address and browser, as a new session records them (and its known-browser cookie). */
export function clientOf(ctx: Pick<Context, 'ip' | 'headers' | 'cookies'>): ClientInfo {
  return {
    ip: ctx.ip,
    userAgent: ctx.headers['user-agent'],
    knownBrowser: ctx.cookies.get(KNOWN_BROWSER_COOKIE),
  }
}
