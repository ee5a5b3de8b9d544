/**
 * Kraken's private-call authentication: API-Sign = base64(HMAC-SHA512(base64-decoded secret,
 * URI path + SHA256(nonce + POST body))), with a nonce that must grow for each key.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

export function krakenSignature(
  path: string,
  nonce: string,
  postData: string,
  secretBase64: string,
): string {
  const digest = createHash('sha256')
    .update(nonce + postData)
    .digest()
  return createHmac('sha512', Buffer.from(secretBase64, 'base64'))
    .update(Buffer.concat([Buffer.from(path), digest]))
    .digest('base64')
}

/** Whether API-Sign is shaped like a signature at all: base64 of 64 bytes. */
export function isSignatureShaped(apiSign: string | undefined): apiSign is string {
  if (!apiSign || !/^[A-Za-z0-9+/]+={0,2}$/.test(apiSign)) return false
  return Buffer.from(apiSign, 'base64').length === 64
}

/** Checks the signature against each path the client may have signed. */
export function isSignatureValid(
  apiSign: string,
  paths: string[],
  nonce: string,
  postData: string,
  secretBase64: string,
): boolean {
  const given = Buffer.from(apiSign, 'base64')
  return paths.some((path) => {
    const expected = Buffer.from(krakenSignature(path, nonce, postData, secretBase64), 'base64')
    return expected.length === given.length && timingSafeEqual(expected, given)
  })
}

/** The nonce digits exactly as sent (JSON numbers beyond 2^53 must not be rounded). */
export function extractNonce(rawBody: string, isJson: boolean): string | undefined {
  if (isJson) {
    const match = /"nonce"\s*:\s*"?(\d+)"?/.exec(rawBody)
    return match?.[1]
  }
  const nonce = new URLSearchParams(rawBody).get('nonce')
  return nonce !== null && /^\d+$/.test(nonce) ? nonce : undefined
}

/** A nonce is accepted only when strictly greater than the last one the key used. */
export function isNonceFresh(nonce: string, lastNonce: string | undefined): boolean {
  if (!/^\d{1,40}$/.test(nonce)) return false
  return lastNonce === undefined || BigInt(nonce) > BigInt(lastNonce)
}

/** A new API key pair, shaped like Kraken's: a 56-character key and a 64-byte base64 secret. */
export function newApiCredentials(): { key: string; secret: string } {
  return {
    key: randomBytes(42).toString('base64'),
    secret: randomBytes(64).toString('base64'),
  }
}

/** Form or JSON body to flat string parameters (the handlers read strings, as Kraken does). */
export function parseParams(rawBody: string, isJson: boolean): Record<string, string> | undefined {
  if (!isJson) return Object.fromEntries(new URLSearchParams(rawBody))
  let parsed: unknown
  try {
    parsed = rawBody.trim() === '' ? {} : JSON.parse(rawBody)
  } catch {
    return undefined
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(parsed as Record<string, unknown>)) {
    if (typeof v === 'string') out[k] = v
    else if (typeof v === 'number' || typeof v === 'boolean') out[k] = String(v)
    else if (v !== null && v !== undefined) out[k] = JSON.stringify(v)
  }
  return out
}
