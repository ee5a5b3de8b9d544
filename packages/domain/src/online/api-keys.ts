/**
 * API keys of a business for its web shop: each holds scopes, never payouts. A key is shown
 * once, stored hashed, and recognised by its prefix.
 */
import { z } from 'zod'
import { ZSafeText } from '../text'

export const API_KEY_SCOPES = [
  'invoices:create',
  'invoices:read',
  'links:manage',
  'webhooks:manage',
] as const
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number]

/** Every key starts so, which secret scanners and support can recognise. */
export const API_KEY_PREFIX = 'sk_'
/** `sk_` then 43 base64url characters (32 random bytes). */
export const API_KEY_PATTERN = /^sk_[A-Za-z0-9_-]{43}$/
/** How many of a key's first characters are kept to name it in lists. */
export const API_KEY_SHOWN_CHARS = 11
/** Keys a business may hold at once (revoked ones do not count). */
export const MAX_API_KEYS_PER_BUSINESS = 25
/** The scopes a new key is offered with: what a web shop needs to sell. */
export const DEFAULT_API_KEY_SCOPES: readonly ApiKeyScope[] = ['invoices:create', 'invoices:read']

export const ZApiKeyInput = z.object({
  name: ZSafeText.trim().min(1).max(100),
  scopes: z
    .array(z.enum(API_KEY_SCOPES))
    .min(1)
    .max(API_KEY_SCOPES.length)
    .transform((s) => [...new Set(s)]),
})
export type TApiKeyInput = z.input<typeof ZApiKeyInput>
