import { ZAutoloopSetup, ZLoopOutInput, ZLoopQuoteInput, ZStepUpProof } from '@app/domain'
import { businessProcedure, router } from '../../trpc/init'
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
    .mutation(({ ctx, input, signal }) =>
      ctx.services.loop.setupAutoloop(consentActorOf(ctx), input, signal),
    ),
  disableAutoloop: businessProcedure('wallet.manage').mutation(({ ctx, signal }) =>
    ctx.services.loop.disableAutoloop(ctx.business.id, signal),
  ),
  quote: businessProcedure('payouts')
    .input(ZLoopQuoteInput)
    .mutation(({ ctx, input, signal }) =>
      ctx.services.loop.quote(ctx.business.id, input.amountSat, signal),
    ),
  /** A manual loop out within a confirmed quote; the idempotency key makes it happen once. */
  swapOut: businessProcedure('payouts')
    .input(ZLoopOutInput.extend(ZStepUpProof.shape))
    .mutation(({ ctx, input, signal }) =>
      ctx.services.loop.swapOut(consentActorOf(ctx), input, signal),
    ),
  swaps: businessProcedure('wallet.read').query(({ ctx, signal }) =>
    ctx.services.loop.swaps(ctx.business.id, signal),
  ),
})
