import { ZAutoloopSetup, ZLoopOutInput, ZLoopQuoteInput } from '@app/domain'
import { businessProcedure, router } from '../../trpc/init'

/** `loop.*`: Lightning Loop on the business's own node (its members only). */
export const loopRouter = router({
  /** Terms, autoloop and its state, channel balances, and why autoloop would not run now. */
  overview: businessProcedure.query(({ ctx, signal }) =>
    ctx.services.loop.overview(ctx.business.id, signal),
  ),
  setupAutoloop: businessProcedure
    .input(ZAutoloopSetup)
    .mutation(({ ctx, input, signal }) =>
      ctx.services.loop.setupAutoloop(ctx.business.id, input, signal),
    ),
  disableAutoloop: businessProcedure.mutation(({ ctx, signal }) =>
    ctx.services.loop.disableAutoloop(ctx.business.id, signal),
  ),
  quote: businessProcedure
    .input(ZLoopQuoteInput)
    .mutation(({ ctx, input, signal }) =>
      ctx.services.loop.quote(ctx.business.id, input.amountSat, signal),
    ),
  /** A manual loop out within a confirmed quote; the idempotency key makes it happen once. */
  swapOut: businessProcedure
    .input(ZLoopOutInput)
    .mutation(({ ctx, input, signal }) =>
      ctx.services.loop.swapOut(
        { ...input, businessId: ctx.business.id, userId: ctx.user.id },
        signal,
      ),
    ),
  swaps: businessProcedure.query(({ ctx, signal }) =>
    ctx.services.loop.swaps(ctx.business.id, signal),
  ),
})
