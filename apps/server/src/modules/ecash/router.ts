import { ZSafeText } from '@app/domain'
import { z } from 'zod'
import { businessAreaProcedure, businessProcedure, router } from '../../trpc/init'

export const ZRedeemInput = z.object({
  /** a `cashuA…`/`cashuB…` token, optionally behind `cashu:` */
  token: z.string().trim().min(1).max(100_000),
  memo: ZSafeText.trim().max(200).optional(),
  /** the page's key for this redemption: a retry gets the same payment */
  idempotencyKey: z.string().min(8).max(100).optional(),
})

/** Taking payments needs a business whose wallet is connected. */
const takingProcedure = businessAreaProcedure('payments.take')

export const ecashRouter = router({
  /** The mints whose ecash this platform takes. */
  acceptedMints: businessProcedure('business.read').query(({ ctx }) => ({
    mints: ctx.services.ecash.acceptedMints(),
  })),
  redeem: takingProcedure
    .input(ZRedeemInput)
    .mutation(({ ctx, input, signal }) => ctx.services.ecash.redeem(ctx.business, input, signal)),
})
