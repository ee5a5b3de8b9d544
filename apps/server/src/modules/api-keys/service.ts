/**
 * A business's API keys for its web shop (the invoice API). A key is `sk_` and 32 random bytes,
 * shown once when it is created and stored only as its SHA-256; its first characters name it in
 * lists. Each key holds scopes (never payouts: no scope sends money). Owners and admins create
 * and revoke keys (the `apiKeys.manage` permission, checked by the router); each act is in the
 * audit log, and a new key is mailed to the owners as a security notice.
 *
 * A request of the API is authenticated by `Authorization: Bearer sk_…`: the header is checked
 * against the key pattern before anything is looked up, the key is found by its hash, each
 * request counts against the key's rate limit, and the key must hold the scope the call needs.
 * Whether the business may take payments now (its area open) is for the call to check: reading
 * invoices needs no open area, creating one does.
 */
import {
  API_KEY_PATTERN,
  API_KEY_PREFIX,
  API_KEY_SCOPES,
  API_KEY_SHOWN_CHARS,
  MAX_API_KEYS_PER_BUSINESS,
  type ApiKeyScope,
} from '@app/domain'
import type pg from 'pg'
import { DomainError } from '../../lib/errors'
import { createRateLimits, type Limit } from '../../lib/rate-limit'
import { hashToken, newToken } from '../../lib/secrets'
import type { SecurityNotices } from '../../mail/security-notices'
import type { AuditBy, AuditEvent } from '../audit'
import { LAST_USED_EVERY_SEC, type ApiKeyRepo, type ApiKeyRow } from './repo'

/** A key as its business's members see it in lists: its name, first characters and scopes. */
export interface ApiKeyView {
  id: string
  name: string
  /** the key's first characters (`sk_` and a few more) */
  shownPrefix: string
  scopes: ApiKeyScope[]
  createdAt: Date
  /** the last request made with it, to the minute; null: never used */
  lastUsedAt: Date | null
}

/** Who a request of the API is: the business and the key it authenticated with. */
export interface ApiKeyCaller {
  businessId: string
  keyId: string
  scopes: ApiKeyScope[]
}

const isScope = (s: string): s is ApiKeyScope => (API_KEY_SCOPES as readonly string[]).includes(s)

/** Scopes in the catalogue's order, each once, unknown ones left out. */
const canonical = (scopes: readonly string[]): ApiKeyScope[] =>
  API_KEY_SCOPES.filter((s) => scopes.includes(s))

function view(row: ApiKeyRow): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    shownPrefix: row.shownPrefix,
    scopes: row.scopes.filter(isScope),
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
  }
}

const notFound = () => new DomainError('NOT_FOUND', 'API key not found')

const BEARER = /^Bearer[ \t]+(\S+)$/i
const HOW = 'Authorization: Bearer sk_…'

/** The API key in an Authorization header; UNAUTHORIZED when missing or not a key's shape. */
export function apiKeyOf(header: string | string[] | undefined): string {
  if (header === undefined || header === '') {
    throw new DomainError('UNAUTHORIZED', `Send an API key of the business in ${HOW}`, {
      header: 'authorization',
    })
  }
  const key = typeof header === 'string' ? BEARER.exec(header.trim())?.[1] : undefined
  if (!key || !API_KEY_PATTERN.test(key)) {
    throw new DomainError(
      'UNAUTHORIZED',
      `Authorization must be ${HOW}: ${API_KEY_PREFIX} and 43 base64url characters`,
      { header: 'authorization' },
    )
  }
  return key
}

export function createApiKeyService(deps: {
  repo: ApiKeyRepo
  /** where the per-key request limit is counted (shared by every instance); in memory without */
  pool?: pg.Pool
  /** mails `api-key-created` to the business's owners in the insert's transaction */
  notices?: SecurityNotices
  /** the per-key request limit, in place of `RATE_LIMITS.apiKey` (tests, a deployment's) */
  limit?: Limit
}) {
  const { repo } = deps
  const limits = createRateLimits(deps.pool, deps.limit ? { apiKey: deps.limit } : {})

  const event = (
    by: AuditBy,
    businessId: string,
    row: ApiKeyRow,
    action: 'api_key.created' | 'api_key.revoked',
  ): AuditEvent => ({
    businessId,
    by,
    action,
    subject: { kind: 'api_key', id: row.id, name: row.name },
    details: { prefix: row.shownPrefix, scopes: row.scopes.join(' ') },
  })

  return {
    async list(businessId: string): Promise<ApiKeyView[]> {
      return (await repo.list(businessId)).map(view)
    },

    /** A new key: the returned `key` is the only time it is ever shown. */
    async create(
      businessId: string,
      input: { name: string; scopes: readonly ApiKeyScope[] },
      by: AuditBy,
    ): Promise<ApiKeyView & { key: string }> {
      const scopes = canonical(input.scopes)
      if (scopes.length === 0) {
        throw new DomainError('VALIDATION', 'Choose at least one scope', { field: 'scopes' })
      }
      const key = `${API_KEY_PREFIX}${newToken(32)}`
      const row = await repo.insert(
        {
          businessId,
          name: input.name,
          shownPrefix: key.slice(0, API_KEY_SHOWN_CHARS),
          keyHash: hashToken(key),
          scopes,
          createdBy: by.actor.kind === 'member' ? by.actor.id : null,
        },
        MAX_API_KEYS_PER_BUSINESS,
        (r) => event(by, businessId, r, 'api_key.created'),
        async (trx, r) => {
          await deps.notices?.toOwners(trx, businessId, 'api-key-created', {
            subject: `${r.name} (${r.shownPrefix}…)`,
            from: by.origin.ip,
          })
        },
      )
      if (!row) {
        throw new DomainError(
          'API_KEY_LIMIT_REACHED',
          'This business has the most API keys allowed',
          {
            max: MAX_API_KEYS_PER_BUSINESS,
          },
        )
      }
      return { ...view(row), key }
    },

    /** Revokes the key at once: its next request is refused. NOT_FOUND if not the business's. */
    async revoke(businessId: string, keyId: string, by: AuditBy): Promise<ApiKeyView> {
      const row = await repo.revoke(businessId, keyId, (r) =>
        event(by, businessId, r, 'api_key.revoked'),
      )
      if (!row) throw notFound()
      return view(row)
    },

    /**
     * The business and key behind a request's Authorization header, if the key holds
     * `requiredScope`: UNAUTHORIZED (missing or malformed, before any look-up), API_KEY_INVALID
     * (unknown or revoked), RATE_LIMITED (the key's limit is spent), API_KEY_SCOPE_MISSING.
     */
    async authenticate(
      authorization: string | string[] | undefined,
      requiredScope: ApiKeyScope,
    ): Promise<ApiKeyCaller> {
      const key = apiKeyOf(authorization)
      const found = await repo.byHash(hashToken(key))
      if (!found || found.revokedAt) {
        throw new DomainError('API_KEY_INVALID', 'This API key is unknown or was revoked')
      }
      await limits.consume('apiKey', found.id)
      const scopes = canonical(found.scopes)
      if (!scopes.includes(requiredScope)) {
        throw new DomainError(
          'API_KEY_SCOPE_MISSING',
          `This API key lacks the scope ${requiredScope}`,
          { scope: requiredScope },
        )
      }
      const stale =
        !found.lastUsedAt || Date.now() - found.lastUsedAt.getTime() >= LAST_USED_EVERY_SEC * 1000
      if (stale) await repo.touch(found.id)
      return { businessId: found.businessId, keyId: found.id, scopes }
    },
  }
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>
