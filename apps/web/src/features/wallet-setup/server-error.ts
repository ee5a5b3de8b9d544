/**
 * What the server said about a failure beyond its error code: its own sentence (an NWC wallet's
 * reason, say) and the structured details some codes carry (missing methods, a minimum amount).
 */
import { isTRPCClientError } from '@trpc/client'
import { z } from 'zod'

const ZDetails = z.object({ details: z.record(z.string(), z.unknown()).nullish() })

export interface ServerErrorInfo {
  /** The server's own words; English, so shown as a detail beside the translated message. */
  reason: string | undefined
  details: Record<string, unknown>
}

export function serverErrorInfo(error: unknown): ServerErrorInfo {
  if (!isTRPCClientError(error)) return { reason: undefined, details: {} }
  const parsed = ZDetails.safeParse(error.data)
  const reason = error.message.trim()
  return {
    reason: reason === '' ? undefined : reason,
    details: (parsed.success ? parsed.data.details : undefined) ?? {},
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
