/**
 * Bad input is refused at the edge, once, before anything reads it: text that cannot be stored
 * (a NUL, an unpaired surrogate), serializer metadata that is malformed or nested too deep, and
 * the same in the query and path of the plain HTTP routes. Each is a 400 with a catalogue code;
 * no answer ever carries an internal message.
 */
import { ERROR_STATUS, INVALID_TEXT_MESSAGE, unsafeInputProblem, type ErrorCode } from '@app/domain'
import { TRPCError } from '@trpc/server'
import type { FastifyInstance } from 'fastify'
import superjson from 'superjson'
import { DomainError } from '../lib/errors'
import { isLnurlPath, refuseLnurl } from '../lib/lnurl'

const INVALID_INPUT_MESSAGE = 'Invalid input'
const INTERNAL_MESSAGE = 'Something went wrong'

function badRequest(code: ErrorCode, message: string): TRPCError {
  const cause = new DomainError(code, message)
  return new TRPCError({ code: 'BAD_REQUEST', message, cause })
}

/** Throws BAD_REQUEST (`INVALID_TEXT`, or `VALIDATION` for too deep) for an unsafe raw input. */
export function refuseUnsafeInput(raw: unknown): void {
  const problem = unsafeInputProblem(raw)
  if (problem === 'text') throw badRequest('INVALID_TEXT', INVALID_TEXT_MESSAGE)
  if (problem === 'depth') throw badRequest('VALIDATION', INVALID_INPUT_MESSAGE)
}

/**
 * superjson for the answers; for requests, its reader behind a check of the envelope: too deep
 * a value or metadata superjson cannot apply is BAD_REQUEST, never its own error.
 */
export const guardedTransformer = {
  input: {
    serialize: (value: unknown) => superjson.serialize(value),
    deserialize: (payload: unknown): unknown => {
      if (payload === null || typeof payload !== 'object') {
        throw badRequest('VALIDATION', INVALID_INPUT_MESSAGE)
      }
      if (unsafeInputProblem(payload) === 'depth') {
        throw badRequest('VALIDATION', INVALID_INPUT_MESSAGE)
      }
      try {
        return superjson.deserialize(payload as Parameters<typeof superjson.deserialize>[0])
      } catch {
        throw badRequest('VALIDATION', INVALID_INPUT_MESSAGE)
      }
    },
  },
  output: superjson,
}

/**
 * The message a client may see: a service's own (domain errors) or one that tRPC wrote without
 * an underlying error; a generic one for anything that came from elsewhere (a parser, the
 * database, a stack overflow) and for every server error.
 */
export function publicMessage(error: TRPCError, httpStatus: number, appCode: ErrorCode): string {
  const cause = error.cause
  if (cause instanceof DomainError) {
    return cause.code === 'INTERNAL' ? INTERNAL_MESSAGE : error.message
  }
  if (httpStatus >= 500 || appCode === 'INTERNAL') return INTERNAL_MESSAGE
  // a validation error, or one a parser or the serializer raised: never its own words
  return cause === undefined ? error.message : INVALID_INPUT_MESSAGE
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value
}

/** A domain error thrown while a subscription runs ends it with the catalogue's status. */
async function* withDomainStatus<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  try {
    for await (const value of source) yield value
  } catch (err) {
    if (err instanceof DomainError) {
      throw new TRPCError({ code: ERROR_STATUS[err.code], message: err.message, cause: err })
    }
    throw err
  }
}

/** A procedure's result with its stream, when it has one, ending in catalogue statuses. */
export function mapStreamErrors<R extends { ok: boolean }>(result: R): R {
  if (!result.ok || !('data' in result) || !isAsyncIterable(result.data)) return result
  return { ...result, data: withDomainStatus(result.data) }
}

/**
 * The same refusal for the plain HTTP routes (tRPC checks its own input): a path parameter,
 * query value or body holding unsafe text or nesting too deep is a 400 with a catalogue code,
 * or, for LNURL (whose clients read the body), the protocol's error answer.
 */
export function guardHttpInput(app: FastifyInstance): void {
  app.addHook('preHandler', async (req, reply) => {
    if (req.url.startsWith('/trpc/')) return
    const problem =
      unsafeInputProblem(req.params) ??
      unsafeInputProblem(req.query) ??
      unsafeInputProblem(req.body)
    if (!problem) return
    const code: ErrorCode = problem === 'text' ? 'INVALID_TEXT' : 'VALIDATION'
    const message = problem === 'text' ? INVALID_TEXT_MESSAGE : INVALID_INPUT_MESSAGE
    if (isLnurlPath(req.url)) return refuseLnurl(reply, message)
    return reply.status(400).send({ error: message, code })
  })
}
