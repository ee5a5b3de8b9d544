/**
 * Device-scoped procedures: the caller is a device (a terminal or a POS), signed in with its own
 * session, never a user. The context is narrowed to that one device and its business, as
 * `businessProcedure` narrows it for users; a device session is a different cookie (or a bearer
 * token) from a user's, so it reaches no owner procedure, and a user's reaches none of these.
 */
import type { IncomingHttpHeaders } from 'node:http'
import { DomainError } from '../lib/errors'
import { publicProcedure } from './init'

/** The httpOnly cookie of the terminal web app's device session. */
export const DEVICE_SESSION_COOKIE = 'dsid'

/** The token of `Authorization: Bearer <token>`, if that is what the header holds. */
function bearerToken(headers: IncomingHttpHeaders): string | undefined {
  const value = headers.authorization
  if (typeof value !== 'string') return undefined
  const match = /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(value.trim())
  return match?.[1]
}

export const deviceProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const token = ctx.cookies.get(DEVICE_SESSION_COOKIE) ?? bearerToken(ctx.headers)
  const session = await ctx.services.devices.resolveSession(token)
  if (!session) throw new DomainError('UNAUTHORIZED', 'This device is signed out')
  return next({ ctx: { device: session.device, deviceSession: session } })
})
