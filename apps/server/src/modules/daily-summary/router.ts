import { z } from 'zod'
import { businessProcedure, router } from '../../trpc/init'

/** `dailySummary.*`: the signed-in owner's own daily sales summary by mail in a business. */
export const dailySummaryRouter = router({
  get: businessProcedure('dailySummary').query(({ ctx }) =>
    ctx.services.dailySummary.get(ctx.business.id, ctx.user.id),
  ),
  set: businessProcedure('dailySummary')
    .input(z.object({ on: z.boolean() }))
    .mutation(({ ctx, input }) =>
      ctx.services.dailySummary.set(ctx.business.id, ctx.user.id, input.on),
    ),
})
