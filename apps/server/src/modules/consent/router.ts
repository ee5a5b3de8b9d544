import { ZStepUpInput } from '@app/domain'
import { authedProcedure, router } from '../../trpc/init'

/** `consent.*`: the step-up a session gives before money leaves (valid a few minutes). */
export const consentRouter = router({
  stepUp: authedProcedure.input(ZStepUpInput).mutation(({ ctx, input }) =>
    ctx.services.consent.stepUp({
      userId: ctx.user.id,
      sessionIdHash: ctx.user.sessionIdHash,
      password: input.password,
      code: input.code,
      passkey: input.passkey,
      ip: ctx.ip,
    }),
  ),
  status: authedProcedure.query(({ ctx }) =>
    ctx.services.consent.stepUpStatus(ctx.user.id, ctx.user.sessionIdHash),
  ),
})
