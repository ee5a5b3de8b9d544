/**
 * The operator's procedures (`operator.*`): reviewing business applications. Only operators
 * may call them (operatorProcedure).
 */
import { ZSafeText } from '@app/domain'
import { z } from 'zod'
import { operatorProcedure, router, ZBusinessInput } from '../../trpc/init'

export const operatorRouter = router({
  applications: operatorProcedure
    .input(z.object({ status: z.enum(['pending', 'approved', 'rejected']).optional() }))
    .query(({ ctx, input }) => ctx.services.onboarding.listApplications(input.status)),
  application: operatorProcedure.input(ZBusinessInput).query(async ({ ctx, input }) => {
    const business = await ctx.services.businesses.getForOperator(input.businessId)
    return {
      business,
      ...(await ctx.services.onboarding.getState(business.id, business.onboardingStep)),
    }
  }),
  approve: operatorProcedure.input(ZBusinessInput).mutation(async ({ ctx, input }) => {
    await ctx.services.businesses.requireReviewable(input.businessId, ctx.user.id)
    return ctx.services.onboarding.approve(input.businessId, ctx.user.id)
  }),
  reject: operatorProcedure
    .input(ZBusinessInput.extend({ reason: ZSafeText.trim().min(3).max(2000) }))
    .mutation(async ({ ctx, input }) => {
      await ctx.services.businesses.requireReviewable(input.businessId, ctx.user.id)
      return ctx.services.onboarding.reject(input.businessId, ctx.user.id, input.reason)
    }),
})
