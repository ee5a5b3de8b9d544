/**
 * Reads what the server says about a failure, once for every page: the stable code of the
 * error catalogue (`data.appCode`, from `@app/domain`), the retry delay, per-field messages and
 * the structured details some codes carry. The UI says what went wrong by translating the code
 * (`errors.<CODE>` in the locale files), never the server's sentence.
 */
import { ERROR_CODE_BY_TRPC_CODE, ERROR_CODES, isErrorCode, type ErrorCode } from '@app/domain'
import { isTRPCClientError } from '@trpc/client'

/** Every code the UI has a message for: the catalogue's, plus no answer at all and anything else. */
export const APP_ERROR_CODES = [...ERROR_CODES, 'NETWORK', 'UNKNOWN'] as const
export type AppErrorCode = ErrorCode | 'NETWORK' | 'UNKNOWN'

export interface AppError {
  code: AppErrorCode
  /** For RATE_LIMITED: how long until another attempt is allowed. */
  retryAfterSeconds?: number
  /** For VALIDATION: the server's messages per input field. */
  fieldErrors: Record<string, string[]>
}

interface ErrorData {
  appCode?: string
  code?: string
  retryAfterSeconds?: number
  fieldErrors?: Record<string, string[] | undefined> | null
  details?: Record<string, unknown> | null
}

// Plain checks, no schema library: every page loads this, so it stays out of the first load.
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const isOptional = (value: unknown, type: 'string' | 'number') =>
  value === undefined || typeof value === type
const isFieldErrors = (value: unknown) =>
  value == null ||
  (isRecord(value) &&
    Object.values(value).every(
      (messages) =>
        messages === undefined ||
        (Array.isArray(messages) && messages.every((m) => typeof m === 'string')),
    ))

/** The error body the server sent; null when the error did not come from the server. */
function errorData(error: unknown): ErrorData | null {
  if (!isTRPCClientError(error) || !isRecord(error.data)) return null
  const { appCode, code, retryAfterSeconds, fieldErrors, details } = error.data
  if (
    !isOptional(appCode, 'string') ||
    !isOptional(code, 'string') ||
    !isOptional(retryAfterSeconds, 'number') ||
    !isFieldErrors(fieldErrors) ||
    !(details == null || isRecord(details))
  ) {
    return null
  }
  return { appCode, code, retryAfterSeconds, fieldErrors, details } as ErrorData
}

export function parseAppError(error: unknown): AppError {
  if (!isTRPCClientError(error)) return { code: 'UNKNOWN', fieldErrors: {} }
  // No error body at all: the request never reached the server, or something else answered.
  if (error.data == null) return { code: 'NETWORK', fieldErrors: {} }
  const data = errorData(error)
  if (!data) return { code: 'UNKNOWN', fieldErrors: {} }
  const code: AppErrorCode = isErrorCode(data.appCode)
    ? data.appCode
    : ((data.code !== undefined ? ERROR_CODE_BY_TRPC_CODE[data.code] : undefined) ?? 'UNKNOWN')
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

interface ServerErrorInfo {
  /**
   * The server's own words, in English: for codes whose cause lies outside the platform (an NWC
   * wallet's reason, say), shown as a detail beside the translated message, never instead of it.
   */
  reason: string | undefined
  details: Record<string, unknown>
}

/** What the server said about a failure beyond its code: its reason and structured details. */
export function serverErrorInfo(error: unknown): ServerErrorInfo {
  if (!isTRPCClientError(error)) return { reason: undefined, details: {} }
  const reason = error.message.trim()
  return {
    reason: reason === '' ? undefined : reason,
    details: errorData(error)?.details ?? {},
  }
}

/** `details[key]` as a list of texts, when it is one. */
export function detailStrings(info: ServerErrorInfo, key: string): string[] {
  const value = info.details[key]
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []
}

/** `details[key]` as a positive whole number, when it is one. */
export function detailCount(info: ServerErrorInfo, key: string): number | undefined {
  const value = info.details[key]
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined
}
