/** The signed-in user's own account (`account.*`); the work is the auth service's. */
import { z } from 'zod'
import { authedProcedure, router } from '../../trpc/init'
import { PASSWORD_MAX_LENGTH } from '../auth/passwords'

export const ZChangePasswordInput = z.object({
  currentPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  newPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  confirmPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
})

export const accountRouter = router({
  changePassword: authedProcedure.input(ZChangePasswordInput).mutation(async ({ ctx, input }) => {
    const session = await ctx.services.auth.changePassword({ userId: ctx.user.id, ...input })
    ctx.startSession(session)
    return { ok: true as const }
  }),
})
