import { ZSafeText } from '@app/domain'
import { z } from 'zod'
import { authedProcedure, businessProcedure, router } from '../../trpc/init'

export const ZCreateBusinessInput = z.object({ name: ZSafeText.trim().min(1).max(120) })

export const businessesRouter = router({
  list: authedProcedure.query(({ ctx }) => ctx.services.businesses.list(ctx.user.id)),
  create: authedProcedure
    .input(ZCreateBusinessInput)
    .mutation(({ ctx, input }) => ctx.services.businesses.create(ctx.user.id, input.name)),
  // Procedures on one business; membership is checked by businessProcedure.
  get: businessProcedure.query(({ ctx }) => ({
    id: ctx.business.id,
    name: ctx.business.name,
    onboardingStep: ctx.business.onboardingStep,
    currency: ctx.business.currency,
    role: ctx.business.role,
  })),
  onboardingStep: businessProcedure.query(({ ctx }) => ({ step: ctx.business.onboardingStep })),
  lightningNodeSettings: businessProcedure.query(({ ctx }) =>
    ctx.services.nodes.settings(ctx.business.id),
  ),
})

export type TCreateBusinessInput = z.infer<typeof ZCreateBusinessInput>
