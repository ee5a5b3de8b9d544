import { tracked } from '@trpc/server'
import { z } from 'zod'
import { businessProcedure, router } from '../../trpc/init'
import { ZSecondFactorCode } from '../auth/inputs'

const ZPassword = z.string().max(200)

/** `node.*`: the business's own Lightning node (members only). */
export const nodeRouter = router({
  status: businessProcedure.query(({ ctx, signal }) =>
    ctx.services.nodes.status(ctx.business.id, signal),
  ),
  /**
   * The node's status now and at every change; tracked by the change time, so a page
   * reconnecting with `lastEventId` gets the status again only if it changed while away.
   */
  watch: businessProcedure
    .input(z.object({ lastEventId: z.string().max(64).nullish() }))
    .subscription(async function* ({ ctx, input, signal }) {
      const events = ctx.services.nodes.watch(ctx.business.id, signal, input.lastEventId)
      for await (const event of events) yield tracked(event.at, event.status)
    }),
  request: businessProcedure.mutation(({ ctx, signal }) =>
    ctx.services.nodes.request(ctx.business, signal),
  ),
  initialise: businessProcedure
    .input(z.object({ password: ZPassword, confirmPassword: ZPassword }))
    .mutation(({ ctx, input, signal }) =>
      ctx.services.nodes.initialise(ctx.business, input, signal),
    ),
  confirmSeed: businessProcedure.mutation(({ ctx, signal }) =>
    ctx.services.nodes.confirmSeed(ctx.business, signal),
  ),
  /**
   * The seed words again: limited per user and per business, and with two-factor sign-in on,
   * a code from the authenticator (or a recovery code) besides the node password.
   */
  revealSeed: businessProcedure
    .input(z.object({ password: ZPassword, code: ZSecondFactorCode.optional() }))
    .mutation(async ({ ctx, input }) => {
      await ctx.services.auth.guardSeedReveal({
        userId: ctx.user.id,
        businessId: ctx.business.id,
        code: input.code,
      })
      return ctx.services.nodes.revealSeed(ctx.business.id, input.password)
    }),
})
