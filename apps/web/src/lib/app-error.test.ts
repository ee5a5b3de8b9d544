import { TRPCClientError } from '@trpc/client'
import { describe, expect, it } from 'vitest'
import { parseAppError } from './app-error'

/** An error as the tRPC client builds it from the server's JSON error response. */
function serverError(data: Record<string, unknown>) {
  return TRPCClientError.from({ error: { code: -32600, message: 'refused', data } })
}

describe('parseAppError', () => {
  it('reads the stable code the server sends', () => {
    const error = serverError({
      code: 'UNAUTHORIZED',
      httpStatus: 401,
      appCode: 'INVALID_CREDENTIALS',
    })
    expect(parseAppError(error)).toEqual({ code: 'INVALID_CREDENTIALS', fieldErrors: {} })
  })

  it('reads when a rate-limited caller may try again, from details or data', () => {
    const fromDetails = serverError({
      code: 'TOO_MANY_REQUESTS',
      appCode: 'RATE_LIMITED',
      details: { retryAfterSeconds: 41.2 },
    })
    expect(parseAppError(fromDetails).retryAfterSeconds).toBe(42)
    const fromData = serverError({ appCode: 'RATE_LIMITED', retryAfterSeconds: 7 })
    expect(parseAppError(fromData).retryAfterSeconds).toBe(7)
  })

  it('keeps the per-field messages of a validation error', () => {
    const error = serverError({
      code: 'BAD_REQUEST',
      appCode: 'VALIDATION',
      fieldErrors: { email: ['Invalid email address'], password: [] },
    })
    expect(parseAppError(error)).toEqual({
      code: 'VALIDATION',
      fieldErrors: { email: ['Invalid email address'] },
    })
  })

  it("falls back to tRPC's own code when there is no app code", () => {
    expect(parseAppError(serverError({ code: 'NOT_FOUND' })).code).toBe('NOT_FOUND')
  })

  it('treats an unknown app code as unknown', () => {
    expect(parseAppError(serverError({ appCode: 'SOMETHING_NEW' })).code).toBe('UNKNOWN')
  })

  it('calls an error without any server answer a network error', () => {
    const error = TRPCClientError.from(new TypeError('Failed to fetch'))
    expect(parseAppError(error).code).toBe('NETWORK')
  })

  it('calls anything else unknown', () => {
    expect(parseAppError(new Error('boom')).code).toBe('UNKNOWN')
    expect(parseAppError('boom').code).toBe('UNKNOWN')
  })
})
