/**
 * Domain errors: services throw these with a stable machine-readable code; the tRPC layer maps
 * each code to a transport status and the web translates the code into a message.
 */
export const ERROR_STATUS = {
  VALIDATION: 'BAD_REQUEST',
  EMAIL_TAKEN: 'CONFLICT',
  INVALID_CREDENTIALS: 'UNAUTHORIZED',
  RATE_LIMITED: 'TOO_MANY_REQUESTS',
  WRONG_CURRENT_PASSWORD: 'BAD_REQUEST',
  PASSWORD_MISMATCH: 'BAD_REQUEST',
  PASSWORD_TOO_SHORT: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  FORBIDDEN_ORIGIN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  STEP_NOT_ALLOWED: 'PRECONDITION_FAILED',
  APPLICATION_NOT_PENDING: 'PRECONDITION_FAILED',
  EXCHANGE_KEY_REJECTED: 'BAD_REQUEST',
  EXCHANGE_UNAVAILABLE: 'BAD_GATEWAY',
  NWC_URL_INVALID: 'BAD_REQUEST',
  NWC_UNREACHABLE: 'BAD_GATEWAY',
  NWC_MISSING_METHODS: 'BAD_REQUEST',
  NODE_ALREADY_EXISTS: 'CONFLICT',
  NODE_PASSWORD_EMPTY: 'BAD_REQUEST',
  NODE_PASSWORD_TOO_SHORT: 'BAD_REQUEST',
  INVALID_NODE_PASSWORD: 'BAD_REQUEST',
  NODE_NOT_READY: 'PRECONDITION_FAILED',
  NODE_HOST_UNAVAILABLE: 'BAD_GATEWAY',
  DEPOSIT_BELOW_MINIMUM: 'BAD_REQUEST',
  CHANNEL_NOT_FAILED: 'PRECONDITION_FAILED',
  PRICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  WALLET_UNAVAILABLE: 'BAD_GATEWAY',
  WALLET_UNSUPPORTED: 'BAD_REQUEST',
  NO_WALLET: 'PRECONDITION_FAILED',
  TIP_NAME_TAKEN: 'CONFLICT',
  ECASH_TOKEN_INVALID: 'BAD_REQUEST',
  ECASH_MINT_NOT_ACCEPTED: 'BAD_REQUEST',
  ECASH_TOKEN_SPENT: 'CONFLICT',
  ECASH_TOKEN_TOO_SMALL: 'BAD_REQUEST',
  ECASH_MINT_UNAVAILABLE: 'BAD_GATEWAY',
  ECASH_MELT_FAILED: 'BAD_GATEWAY',
  INTERNAL: 'INTERNAL_SERVER_ERROR',
} as const

export type AppErrorCode = keyof typeof ERROR_STATUS

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

export class RateLimitedError extends DomainError {
  constructor(retryAfterSeconds: number) {
    super('RATE_LIMITED', 'Too many attempts. Try again later.', { retryAfterSeconds })
  }
}
