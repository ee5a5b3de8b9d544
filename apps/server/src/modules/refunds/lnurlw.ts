/**
 * LNURL-withdraw (LUD-03) facts for a refund: where a customer's wallet reads the withdraw
 * request, where it sends its invoice, and the bech32 LNURL the QR code carries. The k1 is the
 * refund's single-use secret: only its SHA-256 is kept.
 */
import { createHash } from 'node:crypto'
import { encodeLnurl } from '../../lib/lnurl'

export const K1_PATTERN = /^[0-9a-f]{64}$/

export function k1HashOf(k1: string): string {
  return createHash('sha256').update(k1, 'utf8').digest('hex')
}

function withdrawRequestUrl(k1: string, publicUrl: string): string {
  return `${new URL(publicUrl).origin}/lnurlw/${k1}`
}

export function withdrawCallbackUrl(publicUrl: string): string {
  return `${new URL(publicUrl).origin}/lnurlw/callback`
}

/** The LNURL (LUD-01) of the withdraw request, upper case for a compact QR code. */
export function withdrawLnurl(k1: string, publicUrl: string): string {
  return encodeLnurl(withdrawRequestUrl(k1, publicUrl))
}
