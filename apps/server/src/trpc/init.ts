/**
 * tRPC set-up: the error shape every client sees, and the procedure ladder
 * public -> authed -> business-scoped, each narrowing the context.
 */
import { initTRPC, TRPCError } from '@trpc/server'
import { z, ZodError } from 'zod'
import { ERROR_CODE_BY_TRPC_CODE, ERROR_STATUS, type ErrorCode, type Permission } from '@app/domain'
import { requireBusinessAreaOpen } from '../lib/business-area'
import { requireRole } from '../modules/businesses/roles'
import { DomainError } from '../lib/errors'
import type { SessionUser } from '../modules/auth/repo'
import type { Services } from '../services'
import type { Context } from './context'
import {
  guardedTransformer,
  mapStreamErrors,
  publicMessage,
  refuseUnsafeInput,
} from './input-guard'

/** What a procedure declares of itself: a business procedure, the permission it needs. */
export interface ProcedureMeta {
  permission?: Permission
}

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    transformer: guardedTransformer,
    isDev: false,
    errorFormatter({ shape, error }) {
      const cause = error.cause
      const appCode: ErrorCode =
        cause instanceof DomainError
          ? cause.code
          : cause instanceof ZodError
            ? 'VALIDATION'
            : (ERROR_CODE_BY_TRPC_CODE[error.code] ?? 'INTERNAL')
      const message = publicMessage(error, shape.data.httpStatus, appCode)
      return {
        message,
        code: shape.code,
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          path: shape.data.path,
          appCode,
          fieldErrors: cause instanceof ZodError ? fieldErrorsOf(cause) : undefined,
          details: cause instanceof DomainError ? cause.details : undefined,
        },
      }
    },
  })

/**
 * Field issues keyed by the field's dotted path as forms name it (`address.city`), without the
 * `data` envelope that business-scoped inputs wrap a form in.
 */
export function fieldErrorsOf(error: ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  for (const issue of error.issues) {
    const path = issue.path[0] === 'data' ? issue.path.slice(1) : issue.path
    const key = path.map(String).join('.') || '_'
    ;(out[key] ??= []).push(issue.message)
  }
  return out
}

export const router = t.router
export const createCallerFactory = t.createCallerFactory

/** Domain errors thrown by services become tRPC errors with the catalogue's status. */
const mapDomainErrors = t.middleware(async ({ next }) => {
  const result = await next()
  if (!result.ok && result.error.cause instanceof DomainError) {
    const cause = result.error.cause
    throw new TRPCError({ code: ERROR_STATUS[cause.code], message: cause.message, cause })
  }
  return result
})

/**
 * Mutations must come from this site: browsers send Origin on every POST, and a cross-site
 * form cannot add the custom `x-trpc-source` header, so both are checked.
 */
const sameOriginMutations = t.middleware(({ ctx, type, next }) => {
  if (type !== 'mutation') return next()
  const origin = ctx.headers.origin
  const host = ctx.headers.host
  const allowed = new URL(ctx.services.config.publicUrl).origin
  const isSameOrigin =
    origin === undefined || origin === allowed || (host !== undefined && safeHost(origin) === host)
  if (!isSameOrigin || ctx.headers['x-trpc-source'] === undefined) {
    throw new DomainError('FORBIDDEN_ORIGIN', 'Cross-site requests cannot change anything')
  }
  return next()
})

function safeHost(origin: string): string | undefined {
  try {
    return new URL(origin).host
  } catch {
    return undefined
  }
}

/** Unsafe text refused before any parsing; domain errors of a stream keep their status. */
const guardInput = t.middleware(async ({ getRawInput, next }) => {
  refuseUnsafeInput(await getRawInput())
  return mapStreamErrors(await next())
})

export const publicProcedure = t.procedure
  .use(guardInput)
  .use(mapDomainErrors)
  .use(sameOriginMutations)

/**
 * A subscription lives no longer than its session: it is registered under the session (refused
 * beyond the session's limit of open subscriptions) and ends with UNAUTHORIZED when the session
 * is signed out, revoked or expires.
 */
async function boundToSession<R extends { ok: boolean }>(
  auth: Services['auth'],
  session: SessionUser,
  signal: AbortSignal | undefined,
  run: () => Promise<R>,
  member?: MemberHold,
): Promise<R> {
  let endSession: (code: ErrorCode) => void = () => {}
  const ended = new Promise<ErrorCode>((resolve) => {
    endSession = resolve
  })
  const held = await auth.holdSubscription(session, () => endSession('UNAUTHORIZED'))
  let memberHeld: { release: () => void } | undefined
  try {
    memberHeld = await member?.(endSession)
  } catch (err) {
    held.release()
    throw err
  }
  const release = () => {
    held.release()
    memberHeld?.release()
  }
  let result: R
  try {
    result = await run()
  } catch (err) {
    release()
    throw err
  }
  if (!result.ok || !('data' in result) || !isAsyncIterable(result.data)) {
    release()
    return result
  }
  signal?.addEventListener('abort', release, { once: true })
  return { ...result, data: untilSessionEnds(result.data, ended, signal, release) }
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value
}

/**
 * Registers a business subscription under its member too: `end` is called with the refusal's code
 * when a membership change takes the access away.
 */
type MemberHold = (end: (code: ErrorCode) => void) => Promise<{ release: () => void }>

/**
 * The source's values until the session ends (then UNAUTHORIZED), the member loses the access
 * (NOT_FOUND or ROLE_NOT_ALLOWED) or the client goes away.
 */
async function* untilSessionEnds<T>(
  source: AsyncIterable<T>,
  ended: Promise<ErrorCode>,
  signal: AbortSignal | undefined,
  release: () => void,
): AsyncGenerator<T> {
  const it = source[Symbol.asyncIterator]()
  const aborted = new Promise<'aborted'>((resolve) => {
    if (signal?.aborted) resolve('aborted')
    signal?.addEventListener('abort', () => resolve('aborted'), { once: true })
  })
  try {
    for (;;) {
      const next = it.next()
      // A value the source gives after this stream stopped is dropped, and so is its failure.
      next.catch(() => {})
      const step = await Promise.race([next, ended, aborted])
      if (step === 'aborted') return
      if (typeof step === 'string') {
        const cause = new DomainError(
          step,
          step === 'UNAUTHORIZED' ? 'Your session has ended' : 'Your access has changed',
        )
        throw new TRPCError({ code: ERROR_STATUS[step], message: cause.message, cause })
      }
      if (step.done) return
      yield step.value
    }
  } finally {
    release()
    // The source ends on its own once the request's signal aborts; not waited for here.
    void it.return?.()?.catch(() => {})
  }
}

export const authedProcedure = publicProcedure.use(async ({ ctx, type, signal, next }) => {
  const user = await ctx.getUser()
  if (!user) throw new DomainError('UNAUTHORIZED', 'Sign in to continue')
  if (type !== 'subscription') return next({ ctx: { user } })
  return boundToSession(ctx.services.auth, user, signal, () => next({ ctx: { user } }))
})

export const operatorProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.isOperator) throw new DomainError('FORBIDDEN', 'Operators only')
  return next()
})

export const ZBusinessInput = z.object({ businessId: z.string().min(1).max(64) })

/**
 * Procedures on one business, each naming the permission it needs (the role matrix, `can` in the
 * domain package): the caller must be a member (NOT_FOUND otherwise, as for a business that does
 * not exist) whose role allows it (ROLE_NOT_ALLOWED). The member's role comes with the session in
 * the same query. A subscription also ends when a membership change takes the access away.
 */
export function businessProcedure(permission: Permission) {
  return publicProcedure
    .meta({ permission })
    .input(ZBusinessInput)
    .use(async ({ ctx, input, type, signal, next }) => {
      const found = await ctx.getUserInBusiness(input.businessId)
      if (!found) throw new DomainError('UNAUTHORIZED', 'Sign in to continue')
      const { user, business } = found
      if (!business) throw new DomainError('NOT_FOUND', 'Business not found')
      requireRole(business, permission)
      if (type !== 'subscription') return next({ ctx: { user, business } })
      return boundToSession(
        ctx.services.auth,
        user,
        signal,
        () => next({ ctx: { user, business } }),
        (end) => ctx.services.team.holdSubscription(business.id, user.id, permission, end),
      )
    })
}

/** Business procedures that take or send its money: its area must be open (STEP_NOT_ALLOWED). */
export function businessAreaProcedure(permission: Permission) {
  return businessProcedure(permission).use(({ ctx, next }) => {
    requireBusinessAreaOpen(ctx.business.onboardingStep)
    return next()
  })
}
