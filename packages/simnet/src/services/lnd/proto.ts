import { invalidArgument } from './errors'

/**
 * Helpers for grpc-gateway's protojson: int64 travel as decimal strings, bytes as base64
 * (standard in bodies and queries, URL-safe in paths), enums by name.
 */
export const i64 = (n: number | bigint): string => String(n)

export function hexToB64(hexText: string | null | undefined): string {
  return hexText ? Buffer.from(hexText, 'hex').toString('base64') : ''
}

/** Bytes from a base64 or base64url string; hex is accepted too when it is clearly hex. */
export function b64ToHex(text: unknown, field: string, opts: { allowHex?: boolean } = {}): string {
  if (text === undefined || text === null || text === '') return ''
  if (typeof text !== 'string') throw invalidArgument(`${field}: expected a string`)
  if (opts.allowHex && /^[0-9a-fA-F]{64}$/.test(text)) return text.toLowerCase()
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(text)) {
    throw invalidArgument(`proto: (line 1:1): invalid value for bytes field ${field}: ${text}`)
  }
  return Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('hex')
}

/** An int64 field that may arrive as a JSON number or a decimal string. */
export function readInt(value: unknown, field: string, fallback = 0): number {
  if (value === undefined || value === null || value === '') return fallback
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN
  if (!Number.isSafeInteger(n))
    throw invalidArgument(`proto: invalid value for int64 field ${field}: ${JSON.stringify(value)}`)
  return n
}

export function readBool(value: unknown): boolean {
  return value === true || value === 'true' || value === '1'
}

export function readString(value: unknown, field: string): string {
  if (value === undefined || value === null) return ''
  if (typeof value !== 'string')
    throw invalidArgument(`proto: invalid value for string field ${field}`)
  return value
}

/** A JSON body as a record, whatever the client sent. */
export function bodyOf(body: unknown): Record<string, unknown> {
  return body && typeof body === 'object' && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {}
}
