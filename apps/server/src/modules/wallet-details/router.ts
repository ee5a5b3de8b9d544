import { businessProcedure, router } from '../../trpc/init'
// Replacing a connection takes exactly what connecting it in onboarding took.
import { ZConnectExchangeInput, ZConnectNwcInput } from '../onboarding'

/** `walletDetails.*`: the business's wallet as its settings pages show it (members only). */
export const walletDetailsRouter = router({
  kind: businessProcedure.query(({ ctx }) => ctx.services.walletDetails.kind(ctx.business.id)),
  nwc: businessProcedure.query(({ ctx }) => ctx.services.walletDetails.nwc(ctx.business.id)),
  testNwc: businessProcedure.mutation(({ ctx }) =>
    ctx.services.walletDetails.testNwc(ctx.business.id),
  ),
  replaceNwc: businessProcedure
    .input(ZConnectNwcInput)
    .mutation(({ ctx, input }) =>
      ctx.services.walletDetails.replaceNwc(ctx.business.id, input.url),
    ),
  exchange: businessProcedure.query(({ ctx, signal }) =>
    ctx.services.walletDetails.exchange(ctx.business.id, signal),
  ),
  replaceExchangeKeys: businessProcedure
    .input(ZConnectExchangeInput)
    .mutation(({ ctx, input, signal }) =>
      ctx.services.walletDetails.replaceExchangeKeys(ctx.business.id, input, signal),
    ),
})
