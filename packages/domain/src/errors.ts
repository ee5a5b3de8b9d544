/**
 * The error catalogue: every code the server's services fail with, and the transport status
 * (tRPC code, hence HTTP status) each is sent with. The server throws these codes; the web
 * translates each code (`errors.<CODE>` in its locale files) and never the server's sentence.
 */

/** tRPC error codes the catalogue uses, with the HTTP status tRPC answers each with. */
export const HTTP_STATUS_BY_TRPC_CODE = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
} as const
export type TransportStatus = keyof typeof HTTP_STATUS_BY_TRPC_CODE

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
  IDEMPOTENCY_KEY_REUSED: 'CONFLICT',
  TIP_NAME_TAKEN: 'CONFLICT',
  ECASH_TOKEN_INVALID: 'BAD_REQUEST',
  ECASH_MINT_NOT_ACCEPTED: 'BAD_REQUEST',
  ECASH_TOKEN_SPENT: 'CONFLICT',
  ECASH_TOKEN_TOO_SMALL: 'BAD_REQUEST',
  ECASH_MINT_UNAVAILABLE: 'BAD_GATEWAY',
  ECASH_MELT_FAILED: 'BAD_GATEWAY',
  INTERNAL: 'INTERNAL_SERVER_ERROR',
} as const satisfies Record<string, TransportStatus>

/** A code the server sends in `data.appCode` of every error. */
export type ErrorCode = keyof typeof ERROR_STATUS

export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value)
}

export function httpStatusOf(code: ErrorCode): number {
  return HTTP_STATUS_BY_TRPC_CODE[ERROR_STATUS[code]]
}

/**
 * The code for an error tRPC raised itself (bad input, unknown procedure), which no service
 * named; anything not listed is the caller's fallback (INTERNAL on the server).
 */
export const ERROR_CODE_BY_TRPC_CODE: Readonly<Record<string, ErrorCode>> = {
  BAD_REQUEST: 'VALIDATION',
  PARSE_ERROR: 'VALIDATION',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  TOO_MANY_REQUESTS: 'RATE_LIMITED',
  INTERNAL_SERVER_ERROR: 'INTERNAL',
}
