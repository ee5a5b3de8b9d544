/**
 * Domain errors: services throw these with a stable machine-readable code from the error
 * catalogue (`@app/domain`); the tRPC layer sends each with the catalogue's transport status and
 * the web translates the code into a message.
 */
import type { ErrorCode } from '@app/domain'

/** A code of the error catalogue (`@app/domain`), which gives each its transport status. */
export type AppErrorCode = ErrorCode

export class DomainError extends Error {
  readonly code: AppErrorCode
  readonly details: Record<string, unknown>

  constructor(code: AppErrorCode, message?: string, details: Record<string, unknown> = {}) {
    super(message ?? code)
    this.name = 'DomainError'
    this.code = code
    this.details = details
  }
}

/** A spent rate limit (`lib/rate-limit.ts`): RATE_LIMITED with the seconds to wait. */
export class RateLimitedError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMITED', 'Too many attempts. Try again later.', { retryAfterSeconds })
  }
}
