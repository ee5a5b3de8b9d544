/**
 * tRPC set-up: the error shape every client sees, and the procedure ladder
 * public -> authed -> business-scoped, each narrowing the context.
 */
import { initTRPC, TRPCError } from '@trpc/server'
import superjson from 'superjson'
import { z, ZodError } from 'zod'
import { ERROR_CODE_BY_TRPC_CODE, ERROR_STATUS, type ErrorCode } from '@app/domain'
import { DomainError } from '../lib/errors'
import type { Context } from './context'

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  isDev: false,
  errorFormatter({ shape, error }) {
    const cause = error.cause
    const appCode: ErrorCode =
      cause instanceof DomainError
        ? cause.code
        : cause instanceof ZodError
          ? 'VALIDATION'
          : (ERROR_CODE_BY_TRPC_CODE[error.code] ?? 'INTERNAL')
    const message =
      appCode === 'INTERNAL'
        ? 'Something went wrong'
        : cause instanceof ZodError
          ? 'Invalid input'
          : shape.message
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

export const publicProcedure = t.procedure.use(mapDomainErrors).use(sameOriginMutations)

export const authedProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const user = await ctx.getUser()
  if (!user) throw new DomainError('UNAUTHORIZED', 'Sign in to continue')
  return next({ ctx: { user } })
})

export const operatorProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.isOperator) throw new DomainError('FORBIDDEN', 'Operators only')
  return next()
})

export const ZBusinessInput = z.object({ businessId: z.string().min(1).max(64) })

/** Procedures on one business: the caller must be a member, or the business does not exist. */
export const businessProcedure = publicProcedure
  .input(ZBusinessInput)
  .use(async ({ ctx, input, next }) => {
    const found = await ctx.getUserInBusiness(input.businessId)
    if (!found) throw new DomainError('UNAUTHORIZED', 'Sign in to continue')
    if (!found.business) throw new DomainError('NOT_FOUND', 'Business not found')
    return next({ ctx: { user: found.user, business: found.business } })
  })
