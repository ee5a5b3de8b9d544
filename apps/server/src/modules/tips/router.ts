import { ZSafeText } from '@app/domain'
import { z } from 'zod'
import { businessProcedure, router } from '../../trpc/init'
import { memberAuditOf } from '../audit'
import { TIP_NAME_PATTERN } from './lnurl'

export const ZTipShortName = z
  .string()
  .trim()
  .toLowerCase()
  .regex(TIP_NAME_PATTERN, 'Use 2 to 32 of a-z, 0-9, dot, dash or underscore')

export const ZTipPageInput = z.object({
  shortName: ZTipShortName,
  description: ZSafeText.trim().min(1).max(200),
})

export const tipsRouter = router({
  list: businessProcedure('tips.manage').query(({ ctx }) =>
    ctx.services.tips.list(ctx.business.id),
  ),
  create: businessProcedure('tips.manage')
    .input(ZTipPageInput)
    .mutation(({ ctx, input }) =>
      ctx.services.tips.create(
        ctx.business.id,
        {
          shortName: input.shortName,
          description: input.description,
        },
        memberAuditOf(ctx),
      ),
    ),
  update: businessProcedure('tips.manage')
    .input(ZTipPageInput.extend({ tipPageId: z.uuid() }))
    .mutation(({ ctx, input }) =>
      ctx.services.tips.update(
        ctx.business.id,
        input.tipPageId,
        {
          shortName: input.shortName,
          description: input.description,
        },
        memberAuditOf(ctx),
      ),
    ),
  delete: businessProcedure('tips.manage')
    .input(z.object({ tipPageId: z.uuid() }))
    .mutation(({ ctx, input }) =>
      ctx.services.tips.delete(ctx.business.id, input.tipPageId, memberAuditOf(ctx)),
    ),
})
