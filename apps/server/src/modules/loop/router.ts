import { ZAutoloopSetup, ZLoopOutInput, ZLoopQuoteInput, ZStepUpProof } from '@app/domain'
import { businessProcedure, router } from '../../trpc/init'
import { memberAuditOf } from '../audit'
import { consentActorOf } from '../consent'

/**
 * `loop.*`: Lightning Loop on the business's own node (its members only). A swap and autoloop's
 * destination move money out: each passes the consent policy (the password and second factor
 * given with it, or the session's step-up).
 */
export const loopRouter = router({
  /** Terms, autoloop and its state, channel balances, and why autoloop would not run now. */
  overview: businessProcedure('wallet.read').query(({ ctx, signal }) =>
    ctx.services.loop.overview(ctx.business.id, signal),
  ),
  setupAutoloop: businessProcedure('payouts')
    .input(ZAutoloopSetup.extend(ZStepUpProof.shape))
    .mutation(async ({ ctx, input, signal }) => {
      await ctx.services.loop.setupAutoloop(consentActorOf(ctx), input, signal)
      // set on the node, so recorded once the node took it
      await ctx.services.auditLog.record({
        businessId: ctx.business.id,
        by: memberAuditOf(ctx),
        action: 'node.autoloop_changed',
        details: {
          enabled: true,
          destination: input.destAddress,
          budgetSat: input.budgetSat,
          thresholdSat: input.thresholdSat,
          maxFeePercent: input.maxFeePercent,
        },
      })
    }),
  disableAutoloop: businessProcedure('wallet.manage').mutation(async ({ ctx, signal }) => {
    await ctx.services.loop.disableAutoloop(ctx.business.id, signal)
    await ctx.services.auditLog.record({
      businessId: ctx.business.id,
      by: memberAuditOf(ctx),
      action: 'node.autoloop_changed',
      details: { enabled: false },
    })
  }),
  quote: businessProcedure('payouts')
    .input(ZLoopQuoteInput)
    .mutation(({ ctx, input, signal }) =>
      ctx.services.loop.quote(ctx.business.id, input.amountSat, signal),
    ),
  /** A manual loop out within a confirmed quote; the idempotency key makes it happen once. */
  swapOut: businessProcedure('payouts')
    .input(ZLoopOutInput.extend(ZStepUpProof.shape))
    .mutation(({ ctx, input, signal }) =>
      ctx.services.loop.swapOut(consentActorOf(ctx), input, memberAuditOf(ctx), signal),
    ),
  swaps: businessProcedure('wallet.read').query(({ ctx, signal }) =>
    ctx.services.loop.swaps(ctx.business.id, signal),
  ),
})
