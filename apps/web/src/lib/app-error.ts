/**
 * Reads the stable error code the server puts in every tRPC error (`data.appCode`), so the UI
 * can say what went wrong in the user's language (`errors.<CODE>` in the locale files).
 */
import { isTRPCClientError } from '@trpc/client'
import { z } from 'zod'

/** Codes the server sends. */
export const SERVER_ERROR_CODES = [
  'EMAIL_TAKEN',
  'INVALID_CREDENTIALS',
  'RATE_LIMITED',
  'WRONG_CURRENT_PASSWORD',
  'PASSWORD_MISMATCH',
  'PASSWORD_TOO_SHORT',
  'VALIDATION',
  'NOT_FOUND',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'FORBIDDEN_ORIGIN',
  'CONFLICT',
  'INTERNAL',
  'STEP_NOT_ALLOWED',
  'APPLICATION_NOT_PENDING',
  'EXCHANGE_KEY_REJECTED',
  'EXCHANGE_UNAVAILABLE',
  'NWC_URL_INVALID',
  'NWC_UNREACHABLE',
  'NWC_MISSING_METHODS',
  'NODE_ALREADY_EXISTS',
  'NODE_PASSWORD_EMPTY',
  'NODE_PASSWORD_TOO_SHORT',
  'NODE_NOT_READY',
  'DEPOSIT_BELOW_MINIMUM',
  'NODE_HOST_UNAVAILABLE',
  'INVALID_NODE_PASSWORD',
  'CHANNEL_NOT_FAILED',
  'ECASH_TOKEN_INVALID',
  'ECASH_MINT_NOT_ACCEPTED',
  'ECASH_TOKEN_SPENT',
  'ECASH_TOKEN_TOO_SMALL',
  'ECASH_MINT_UNAVAILABLE',
  'ECASH_MELT_FAILED',
  'TIP_NAME_TAKEN',
] as const

/** Every code the UI has a message for: the server's, plus no answer at all and anything else. */
export const APP_ERROR_CODES = [...SERVER_ERROR_CODES, 'NETWORK', 'UNKNOWN'] as const
export type AppErrorCode = (typeof APP_ERROR_CODES)[number]

export interface AppError {
  code: AppErrorCode
  /** For RATE_LIMITED: how long until another attempt is allowed. */
  retryAfterSeconds?: number
  /** For VALIDATION: the server's messages per input field. */
  fieldErrors: Record<string, string[]>
}

const ZErrorData = z.object({
  appCode: z.string().optional(),
  code: z.string().optional(),
  retryAfterSeconds: z.number().optional(),
  fieldErrors: z.record(z.string(), z.array(z.string()).optional()).nullish(),
  details: z.record(z.string(), z.unknown()).nullish(),
})

/** tRPC's own codes, for errors raised before the server's formatter could add an appCode. */
const CODE_BY_TRPC_CODE: Record<string, AppErrorCode> = {
  BAD_REQUEST: 'VALIDATION',
  PARSE_ERROR: 'VALIDATION',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  TOO_MANY_REQUESTS: 'RATE_LIMITED',
  INTERNAL_SERVER_ERROR: 'INTERNAL',
}

function isServerCode(value: string): value is (typeof SERVER_ERROR_CODES)[number] {
  return (SERVER_ERROR_CODES as readonly string[]).includes(value)
}

export function parseAppError(error: unknown): AppError {
  if (!isTRPCClientError(error)) return { code: 'UNKNOWN', fieldErrors: {} }
  // No error body at all: the request never reached the server, or something else answered.
  if (error.data == null) return { code: 'NETWORK', fieldErrors: {} }
  const parsed = ZErrorData.safeParse(error.data)
  if (!parsed.success) return { code: 'UNKNOWN', fieldErrors: {} }
  const data = parsed.data
  const code: AppErrorCode =
    data.appCode !== undefined && isServerCode(data.appCode)
      ? data.appCode
      : ((data.code !== undefined ? CODE_BY_TRPC_CODE[data.code] : undefined) ?? 'UNKNOWN')
  const detailRetry = data.details?.retryAfterSeconds
  const retryAfterSeconds =
    data.retryAfterSeconds ?? (typeof detailRetry === 'number' ? detailRetry : undefined)
  const fieldErrors: Record<string, string[]> = {}
  for (const [field, messages] of Object.entries(data.fieldErrors ?? {})) {
    if (messages && messages.length > 0) fieldErrors[field] = messages
  }
  return retryAfterSeconds === undefined
    ? { code, fieldErrors }
    : { code, fieldErrors, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)) }
}

/** Errors that no retry can fix: the request itself was refused. */
export function isClientSideFailure(error: unknown): boolean {
  const { code } = parseAppError(error)
  return code !== 'NETWORK' && code !== 'INTERNAL' && code !== 'UNKNOWN'
}
