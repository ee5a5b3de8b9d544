import { ZStepUpProof } from '@app/domain'
import { businessProcedure, router } from '../../trpc/init'
import { memberAuditOf } from '../audit'
import { consentActorOf } from '../consent'
// Replacing a connection takes exactly what connecting it in onboarding took.
import { ZConnectExchangeInput, ZConnectNwcInput } from '../onboarding'

/** `walletDetails.*`: the business's wallet as its settings pages show it (members only). */
export const walletDetailsRouter = router({
  kind: businessProcedure('wallet.read').query(({ ctx }) =>
    ctx.services.walletDetails.kind(ctx.business.id),
  ),
  nwc: businessProcedure('wallet.manage').query(({ ctx }) =>
    ctx.services.walletDetails.nwc(ctx.business.id),
  ),
  testNwc: businessProcedure('wallet.manage').mutation(({ ctx }) =>
    ctx.services.walletDetails.testNwc(ctx.business.id),
  ),
  /** Redirects every later payment: the password and second factor, or the session's step-up. */
  replaceNwc: businessProcedure('wallet.manage')
    .input(ZConnectNwcInput.extend(ZStepUpProof.shape))
    .mutation(({ ctx, input }) =>
      ctx.services.walletDetails.replaceNwc(consentActorOf(ctx), input, memberAuditOf(ctx)),
    ),
  exchange: businessProcedure('wallet.manage').query(({ ctx, signal }) =>
    ctx.services.walletDetails.exchange(ctx.business.id, signal),
  ),
  replaceExchangeKeys: businessProcedure('wallet.manage')
    .input(ZConnectExchangeInput.extend(ZStepUpProof.shape))
    .mutation(({ ctx, input, signal }) =>
      ctx.services.walletDetails.replaceExchangeKeys(
        consentActorOf(ctx),
        input,
        memberAuditOf(ctx),
        signal,
      ),
    ),
})
