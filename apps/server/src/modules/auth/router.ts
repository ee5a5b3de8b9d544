import { z } from 'zod'
import { publicProcedure, router } from '../../trpc/init'
import { LANGUAGE_COOKIE } from '../recovery'
import { ZSecondFactorCode, clientOf } from './inputs'
import { PASSWORD_MAX_LENGTH } from './passwords'

export const ZCredentialsInput = z.object({
  email: z.email().max(254),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
})
export type TCredentialsInput = z.infer<typeof ZCredentialsInput>

export const ZSignInWithCodeInput = z.object({
  challenge: z.string().min(1).max(1000),
  code: ZSecondFactorCode,
})

export const authRouter = router({
  getProfile: publicProcedure.query(async ({ ctx }) => {
    const user = await ctx.getUser()
    return user ? ctx.services.auth.toProfile(user) : null
  }),

  signUp: publicProcedure.input(ZCredentialsInput).mutation(async ({ ctx, input }) => {
    const { profile, session } = await ctx.services.auth.signUp({ ...input, ...clientOf(ctx) })
    ctx.startSession(session)
    await ctx.services.recovery.afterSignUp(profile.id, ctx.cookies.get(LANGUAGE_COOKIE))
    return profile
  }),

  /**
   * The password step. Signed in at once, or (two-factor sign-in on) asked for a code: the
   * challenge goes back with it to `signInWithCode`.
   */
  signIn: publicProcedure.input(ZCredentialsInput).mutation(async ({ ctx, input }) => {
    const result = await ctx.services.auth.signIn({ ...input, ...clientOf(ctx) })
    if (result.step === 'code') return { step: 'code' as const, challenge: result.challenge }
    ctx.startSession(result.session)
    await ctx.services.recovery.rememberLocale(result.profile.id, ctx.cookies.get(LANGUAGE_COOKIE))
    return { step: 'signedIn' as const, profile: result.profile }
  }),

  signInWithCode: publicProcedure.input(ZSignInWithCodeInput).mutation(async ({ ctx, input }) => {
    const { profile, session } = await ctx.services.auth.signInWithCode({
      ...input,
      ...clientOf(ctx),
    })
    ctx.startSession(session)
    await ctx.services.recovery.rememberLocale(profile.id, ctx.cookies.get(LANGUAGE_COOKIE))
    return profile
  }),

  signOut: publicProcedure.mutation(async ({ ctx }) => {
    await ctx.services.auth.signOut(ctx.cookies.get('sid'))
    ctx.endSession()
    return { ok: true as const }
  }),
})
