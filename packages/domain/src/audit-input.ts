/** The audit log's filters and page as the server checks them (the vocabulary is `audit.ts`). */
import { z } from 'zod'
import {
  AUDIT_ACTION_GROUPS,
  AUDIT_ACTIONS,
  AUDIT_ACTOR_KINDS,
  AUDIT_PAGE_DEFAULT,
  AUDIT_PAGE_MAX,
} from './audit'

const ZAuditDate = z
  .date()
  .min(new Date('2000-01-01T00:00:00.000Z'), { message: 'The date is out of range' })
  .max(new Date('9999-12-31T23:59:59.999Z'), { message: 'The date is out of range' })

const auditFilterFields = {
  /** inclusive */
  from: ZAuditDate.optional(),
  /** exclusive */
  to: ZAuditDate.optional(),
  actorKind: z.enum(AUDIT_ACTOR_KINDS).optional(),
  /** one actor (a member's user id, a device's or a staff member's id) */
  actorId: z.uuid().optional(),
  group: z.enum(AUDIT_ACTION_GROUPS).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
}

const isOrderedRange = (f: { from?: Date; to?: Date }) =>
  !f.from || !f.to || f.from.getTime() <= f.to.getTime()
const rangeError = { message: 'The start of the range must not be after its end', path: ['from'] }

export const ZAuditFilter = z.object(auditFilterFields).refine(isOrderedRange, rangeError)
export type AuditFilter = z.output<typeof ZAuditFilter>

export const ZAuditListInput = z
  .object({
    ...auditFilterFields,
    cursor: z.string().max(200).optional(),
    limit: z.number().int().min(1).max(AUDIT_PAGE_MAX).default(AUDIT_PAGE_DEFAULT),
  })
  .refine(isOrderedRange, rangeError)
