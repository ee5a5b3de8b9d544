/**
 * `passkeys.*`: the signed-in user's passkeys (list, register, rename, remove), a sign-in with
 * one, and the challenge of a step-up the user answers with one (`consent.stepUp` and the acts
 * that carry their proof take the answer as `passkey`).
 */
import {
  ZPasskeyRegisterInput,
  ZPasskeyRemoveInput,
  ZPasskeyRenameInput,
  ZPasskeySignInInput,
} from '@app/domain'
import { clientOf } from '../auth'
import { authedProcedure, publicProcedure, router } from '../../trpc/init'
import type { Context } from '../../trpc/context'
import { relyingPartyOf } from './relying-party'

const rpOf = (ctx: Pick<Context, 'services' | 'headers'>) =>
  relyingPartyOf(ctx.services.config, ctx.headers)

export const passkeysRouter = router({
  list: authedProcedure.query(({ ctx }) => ctx.services.passkeys.list(ctx.user.id)),

  registrationOptions: authedProcedure.mutation(({ ctx }) =>
    ctx.services.passkeys.registrationOptions({
      user: ctx.user,
      sessionIdHash: ctx.user.sessionIdHash,
      rp: rpOf(ctx),
    }),
  ),

  register: authedProcedure.input(ZPasskeyRegisterInput).mutation(({ ctx, input }) =>
    ctx.services.passkeys.register({
      userId: ctx.user.id,
      sessionIdHash: ctx.user.sessionIdHash,
      name: input.name,
      response: input.response,
      ip: ctx.ip,
    }),
  ),

  rename: authedProcedure.input(ZPasskeyRenameInput).mutation(async ({ ctx, input }) => {
    await ctx.services.passkeys.rename(ctx.user.id, input.id, input.name)
    return { ok: true as const }
  }),

  remove: authedProcedure.input(ZPasskeyRemoveInput).mutation(async ({ ctx, input }) => {
    await ctx.services.auth.removePasskey({
      userId: ctx.user.id,
      passkeyId: input.id,
      password: input.password,
      code: input.code,
      ip: ctx.ip,
    })
    return { ok: true as const }
  }),

  signInOptions: publicProcedure.mutation(({ ctx }) =>
    ctx.services.passkeys.signInOptions(rpOf(ctx)),
  ),

  signIn: publicProcedure.input(ZPasskeySignInInput).mutation(async ({ ctx, input }) => {
    const { profile, session } = await ctx.services.auth.signInWithPasskey({
      response: input.response,
      ...clientOf(ctx),
    })
    ctx.startSession(session)
    return profile
  }),

  /** A challenge for this session's step-up, to answer with one of the user's passkeys. */
  stepUpOptions: authedProcedure.mutation(({ ctx }) =>
    ctx.services.passkeys.stepUpOptions({
      userId: ctx.user.id,
      sessionIdHash: ctx.user.sessionIdHash,
      rp: rpOf(ctx),
    }),
  ),
})
