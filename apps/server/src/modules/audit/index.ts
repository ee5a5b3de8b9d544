/**
 * What other modules use of the audit log: `recordAudit` (and `withAudit`) to write an event in
 * the transaction of the act it records, and who acted from a procedure's context.
 */
export { recordAudit, withAudit } from './repo'
export type { AuditActor, AuditBy, AuditEvent, AuditOrigin } from './repo'
export type { AuditItem, AuditService } from './service'
export { auditOriginOf, deviceAuditOf, memberAuditOf, SYSTEM_AUDIT } from './actor'
