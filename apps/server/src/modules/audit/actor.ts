/**
 * Who acts and from where, as the audit log records it, from a procedure's context: a member
 * (their user id and email), or a device at the counter and the staff member signed in on it.
 */
import type { IncomingHttpHeaders } from 'node:http'
import type { AuditBy, AuditOrigin } from './repo'

export function auditOriginOf(ctx: { ip?: string; headers?: IncomingHttpHeaders }): AuditOrigin {
  const ua = ctx.headers?.['user-agent']
  return { ip: ctx.ip ?? null, userAgent: typeof ua === 'string' ? ua : null }
}

/** A signed-in member acting in their business. */
export function memberAuditOf(ctx: {
  user: { id: string; email: string }
  ip?: string
  headers?: IncomingHttpHeaders
}): AuditBy {
  return {
    actor: { kind: 'member', id: ctx.user.id, name: ctx.user.email },
    origin: auditOriginOf(ctx),
  }
}

/** A device (and the staff member signed in on it, who is then the actor). */
export function deviceAuditOf(ctx: {
  device: { id: string; name: string }
  staff?: { id: string; name: string } | null
  ip?: string
  headers?: IncomingHttpHeaders
}): AuditBy {
  const origin = auditOriginOf(ctx)
  return ctx.staff
    ? { actor: { kind: 'staff', id: ctx.staff.id, name: ctx.staff.name }, origin }
    : { actor: { kind: 'device', id: ctx.device.id, name: ctx.device.name }, origin }
}

/** The platform itself (a job following a payout), from nowhere but the server. */
export const SYSTEM_AUDIT: AuditBy = {
  actor: { kind: 'system', id: null, name: '' },
  origin: { ip: null, userAgent: null },
}
