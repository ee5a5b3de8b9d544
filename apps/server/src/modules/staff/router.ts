import { ZPin, ZRfidTag, ZStaffInput } from '@app/domain'
import { z } from 'zod'
import { businessProcedure, router } from '../../trpc/init'
import { memberAuditOf } from '../audit'

const ZStaffId = z.object({ staffId: z.uuid() })

/**
 * The owner's staff logins (who is locked after wrong PINs, and unlocking them), their RFID tags
 * and the tags terminals did not recognise.
 */
export const staffRouter = router({
  list: businessProcedure('staff.manage').query(({ ctx }) =>
    ctx.services.staff.list(ctx.business.id),
  ),
  /** Staff locked after wrong PINs (the owner's alert on every page). */
  locked: businessProcedure('staff.manage').query(({ ctx }) =>
    ctx.services.staff.locked(ctx.business.id),
  ),
  unlock: businessProcedure('staff.manage')
    .input(ZStaffId)
    .mutation(({ ctx, input }) =>
      ctx.services.staff.unlock(ctx.business.id, input.staffId, ctx.user.id, memberAuditOf(ctx)),
    ),
  create: businessProcedure('staff.manage')
    .input(ZStaffInput.extend({ pin: ZPin }))
    .mutation(({ ctx, input }) =>
      ctx.services.staff.create(ctx.business.id, input, memberAuditOf(ctx)),
    ),
  update: businessProcedure('staff.manage')
    .input(ZStaffInput.extend({ staffId: z.uuid(), pin: ZPin.nullish() }))
    .mutation(({ ctx, input }) =>
      ctx.services.staff.update(ctx.business.id, input.staffId, input, memberAuditOf(ctx)),
    ),
  delete: businessProcedure('staff.manage')
    .input(ZStaffId)
    .mutation(({ ctx, input }) =>
      ctx.services.staff.delete(ctx.business.id, input.staffId, memberAuditOf(ctx)),
    ),
  addTag: businessProcedure('staff.manage')
    .input(ZStaffId.extend({ tag: ZRfidTag }))
    .mutation(({ ctx, input }) =>
      ctx.services.staff.addTag(ctx.business.id, input.staffId, input.tag, memberAuditOf(ctx)),
    ),
  removeTag: businessProcedure('staff.manage')
    .input(ZStaffId.extend({ tag: ZRfidTag }))
    .mutation(({ ctx, input }) =>
      ctx.services.staff.removeTag(ctx.business.id, input.staffId, input.tag, memberAuditOf(ctx)),
    ),
  dismissTag: businessProcedure('staff.manage')
    .input(z.object({ tag: ZRfidTag }))
    .mutation(({ ctx, input }) =>
      ctx.services.staff.dismissUnrecognised(ctx.business.id, input.tag),
    ),
})
