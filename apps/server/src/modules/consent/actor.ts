import type { ConsentActor } from './service'

/** Who acts, from a business procedure's context: the user, their session and address. */
export function consentActorOf(ctx: {
  business: { id: string }
  user: { id: string; sessionIdHash: string }
  ip?: string
}): ConsentActor & { userId: string } {
  return {
    businessId: ctx.business.id,
    userId: ctx.user.id,
    sessionIdHash: ctx.user.sessionIdHash,
    ip: ctx.ip,
  }
}
