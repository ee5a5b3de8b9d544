/**
 * LNURL-pay facts for a tip page (LUD-06, LUD-12, LUD-16): where it is reached, and the metadata
 * the invoice commits to.
 */
import { createHash } from 'node:crypto'

/** 1 sat .. 1 BTC, in millisatoshis; wallets here take whole sats. */
export const MIN_SENDABLE_MSAT = 1_000
export const MAX_SENDABLE_MSAT = 100_000_000_000
export const COMMENT_ALLOWED = 140

/** a-z 0-9 - _ . (LUD-16), 2..32 characters. */
export const TIP_NAME_PATTERN = /^[a-z0-9._-]{2,32}$/

/**
 * Names a tip page cannot take: the addresses of roles and of the platform itself, which payers
 * and mail providers would take for the operator's.
 */
export const RESERVED_TIP_NAMES: ReadonlySet<string> = new Set([
  'abuse',
  'admin',
  'administrator',
  'api',
  'billing',
  'help',
  'hostmaster',
  'info',
  'mailer-daemon',
  'no-reply',
  'noreply',
  'nobody',
  'operator',
  'postmaster',
  'root',
  'security',
  'staff',
  'support',
  'system',
  'webmaster',
  'www',
])

export function publicOrigin(publicUrl: string): string {
  return new URL(publicUrl).origin
}

export function lightningAddress(shortName: string, publicUrl: string): string {
  return `${shortName}@${new URL(publicUrl).host}`
}

export function wellKnownUrl(shortName: string, publicUrl: string): string {
  return `${publicOrigin(publicUrl)}/.well-known/lnurlp/${shortName}`
}

export function callbackUrl(shortName: string, publicUrl: string): string {
  return `${publicOrigin(publicUrl)}/lnurlp/${shortName}/callback`
}

export function metadataOf(page: { shortName: string; description: string }, publicUrl: string) {
  return JSON.stringify([
    ['text/plain', page.description || page.shortName],
    ['text/identifier', lightningAddress(page.shortName, publicUrl)],
  ])
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex')
}
