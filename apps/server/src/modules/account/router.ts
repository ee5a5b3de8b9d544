/** The signed-in user's own account (`account.*`); the work is the auth service's. */
import { z } from 'zod'
import { authedProcedure, router } from '../../trpc/init'
import { clientOf, PASSWORD_MAX_LENGTH, ZSecondFactorCode } from '../auth'

export const ZChangePasswordInput = z.object({
  currentPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  newPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  confirmPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
})

export const accountRouter = router({
  changePassword: authedProcedure.input(ZChangePasswordInput).mutation(async ({ ctx, input }) => {
    const session = await ctx.services.auth.changePassword({
      userId: ctx.user.id,
      sessionIdHash: ctx.user.sessionIdHash,
      ...input,
      ...clientOf(ctx),
    })
    ctx.startSession(session)
    return { ok: true as const }
  }),

  /** Where and when each of the user's sessions was made and last used. */
  sessions: authedProcedure.query(({ ctx }) => ctx.services.auth.listSessions(ctx.user)),

  /** Signs out another session; its requests and open pages are refused from now on. */
  revokeSession: authedProcedure
    .input(z.object({ sessionId: z.string().min(1).max(64) }))
    .mutation(async ({ ctx, input }) => {
      await ctx.services.auth.revokeSession(ctx.user, input.sessionId)
      return { ok: true as const }
    }),

  revokeOtherSessions: authedProcedure.mutation(async ({ ctx }) => ({
    ended: await ctx.services.auth.revokeOtherSessions(ctx.user),
  })),

  twoFactor: router({
    status: authedProcedure.query(({ ctx }) => ctx.services.auth.twoFactorStatus(ctx.user.id)),

    /** A new secret as an `otpauth://` URI (for the QR) and as text (to type in). */
    start: authedProcedure.mutation(({ ctx }) => ctx.services.auth.startTwoFactor(ctx.user)),

    /** The first code turns it on; the recovery codes are answered this once. */
    confirm: authedProcedure
      .input(z.object({ code: ZSecondFactorCode }))
      .mutation(({ ctx, input }) =>
        ctx.services.auth.confirmTwoFactor(ctx.user.id, input.code, ctx.ip),
      ),

    disable: authedProcedure
      .input(
        z.object({ password: z.string().min(1).max(PASSWORD_MAX_LENGTH), code: ZSecondFactorCode }),
      )
      .mutation(async ({ ctx, input }) => {
        await ctx.services.auth.disableTwoFactor({ userId: ctx.user.id, ...input, ip: ctx.ip })
        return { ok: true as const }
      }),

    renewRecoveryCodes: authedProcedure
      .input(z.object({ code: ZSecondFactorCode }))
      .mutation(({ ctx, input }) =>
        ctx.services.auth.renewRecoveryCodes({ userId: ctx.user.id, code: input.code }),
      ),
  }),
})
