/**
 * Account recovery and the account's address (`recovery.*`): the "forgot password" request and
 * the reset from its link, the address's verification, and a change of address. The links'
 * procedures are public: a mailed link may be opened in any browser.
 */
import { z } from 'zod'
import { authedProcedure, publicProcedure, router } from '../../trpc/init'
import { PASSWORD_MAX_LENGTH } from '../auth'

const ZToken = z.object({ token: z.string().trim().min(16).max(200) })
const ZEmail = z.email().max(254)

export const recoveryRouter = router({
  /** Always the same answer: whether the address has an account is not told. */
  requestPasswordReset: publicProcedure
    .input(z.object({ email: ZEmail }))
    .mutation(async ({ ctx, input }) => {
      await ctx.services.recovery.requestPasswordReset({ email: input.email, ip: ctx.ip })
      return { ok: true as const }
    }),

  checkResetLink: publicProcedure
    .input(ZToken)
    .query(({ ctx, input }) =>
      ctx.services.recovery.checkResetLink({ token: input.token, ip: ctx.ip }),
    ),

  resetPassword: publicProcedure
    .input(
      ZToken.extend({
        password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
        confirmPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
      }),
    )
    .mutation(({ ctx, input }) => ctx.services.recovery.resetPassword({ ...input, ip: ctx.ip })),

  verifyEmail: publicProcedure
    .input(ZToken)
    .mutation(({ ctx, input }) =>
      ctx.services.recovery.verifyEmail({ token: input.token, ip: ctx.ip }),
    ),

  confirmEmailChange: publicProcedure
    .input(ZToken)
    .mutation(({ ctx, input }) =>
      ctx.services.recovery.confirmEmailChange({ token: input.token, ip: ctx.ip }),
    ),

  /** The signed-in user's address: verified or not, until when payouts wait, a change pending. */
  emailStatus: authedProcedure.query(({ ctx }) => ctx.services.recovery.emailStatus(ctx.user.id)),

  resendVerification: authedProcedure.mutation(async ({ ctx }) => {
    await ctx.services.recovery.resendVerification({ userId: ctx.user.id, ip: ctx.ip })
    return { ok: true as const }
  }),

  requestEmailChange: authedProcedure
    .input(z.object({ newEmail: ZEmail, password: z.string().min(1).max(PASSWORD_MAX_LENGTH) }))
    .mutation(async ({ ctx, input }) => {
      await ctx.services.recovery.requestEmailChange({
        userId: ctx.user.id,
        newEmail: input.newEmail,
        password: input.password,
        ip: ctx.ip,
      })
      return { ok: true as const }
    }),
})
