import { z } from 'zod'
import { publicProcedure, router } from '../../trpc/init'
import { PASSWORD_MAX_LENGTH } from './passwords'

export const ZCredentialsInput = z.object({
  email: z.email().max(254),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
})
export type TCredentialsInput = z.infer<typeof ZCredentialsInput>

export const authRouter = router({
  getProfile: publicProcedure.query(async ({ ctx }) => {
    const user = await ctx.getUser()
    return user ? ctx.services.auth.toProfile(user) : null
  }),

  signUp: publicProcedure.input(ZCredentialsInput).mutation(async ({ ctx, input }) => {
    const { profile, session } = await ctx.services.auth.signUp({ ...input, ip: ctx.ip })
    ctx.startSession(session)
    return profile
  }),

  signIn: publicProcedure.input(ZCredentialsInput).mutation(async ({ ctx, input }) => {
    const { profile, session } = await ctx.services.auth.signIn({ ...input, ip: ctx.ip })
    ctx.startSession(session)
    return profile
  }),

  signOut: publicProcedure.mutation(async ({ ctx }) => {
    await ctx.services.auth.signOut(ctx.cookies.get('sid'))
    ctx.endSession()
    return { ok: true as const }
  }),
})
