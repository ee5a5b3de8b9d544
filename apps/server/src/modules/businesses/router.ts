import { ZSafeText } from '@app/domain'
import { z } from 'zod'
import { authedProcedure, businessProcedure, router } from '../../trpc/init'

export const ZCreateBusinessInput = z.object({
  name: ZSafeText.trim().min(1).max(120),
})

export const businessesRouter = router({
  list: authedProcedure.query(({ ctx }) => ctx.services.businesses.list(ctx.user.id)),
  create: authedProcedure
    .input(ZCreateBusinessInput)
    .mutation(({ ctx, input }) => ctx.services.businesses.create(ctx.user.id, input.name)),
  // Procedures on one business; membership and role are checked by businessProcedure.
  get: businessProcedure('business.read').query(({ ctx }) => ({
    id: ctx.business.id,
    name: ctx.business.name,
    onboardingStep: ctx.business.onboardingStep,
    currency: ctx.business.currency,
    role: ctx.business.role,
    adminsMayPayOut: ctx.business.adminsMayPayOut,
  })),
  onboardingStep: businessProcedure('business.read').query(({ ctx }) => ({
    step: ctx.business.onboardingStep,
  })),
  lightningNodeSettings: businessProcedure('wallet.read').query(({ ctx }) =>
    ctx.services.nodes.settings(ctx.business.id),
  ),
})

export type TCreateBusinessInput = z.infer<typeof ZCreateBusinessInput>
