/**
 * API keys of a business for its web shop (issue 25, the invoice API): shown once and stored
 * only as a hash, listed with their first characters and last use, revoked at once, managed by
 * owners and admins only. A request's `Authorization: Bearer sk_…` resolves to the key's own
 * business when the key holds the scope asked for, within the key's rate limit; anything else
 * is refused with its own code.
 */
import { API_KEY_PATTERN, API_KEY_SHOWN_CHARS, httpStatusOf } from '@app/domain'
import { createHash } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DomainError, RateLimitedError } from '../src/lib/errors'
import { createApiKeyRepo } from '../src/modules/api-keys/repo'
import { createApiKeyService } from '../src/modules/api-keys/service'
import { appCode, rejection } from './assertions'
import { auditEventsOf } from './audit-support'
import { scenario, uniqueEmail, type TestBrowser } from './harness'
import { noticesTo } from './notices-support'

const t = await scenario({ business: 'approved' })
afterAll(t.close)
const { env } = t
const db = env.database.db
const { b: owner, businessId } = t.owner
const apiKeys = env.services.apiKeys
const audit = auditEventsOf(env, businessId)
const password = 'correct horse battery'
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')
const tokenOf = (link: string) => new URL(link).pathname.split('/').pop() ?? ''

/** A member of the business with `role`, joined through an invitation. */
async function member(role: 'admin' | 'manager' | 'accountant'): Promise<TestBrowser> {
  const b = env.browser()
  const email = uniqueEmail(role)
  await b.caller.auth.signUp({ email, password })
  const { link } = await owner.caller.team.invite({ businessId, data: { email, role } })
  await b.caller.team.accept({ token: tokenOf(link) })
  return b
}

/** The domain error a call is refused with (authenticate is called by routes, not tRPC). */
async function refusal(p: Promise<unknown>): Promise<DomainError> {
  try {
    await p
  } catch (e) {
    if (e instanceof DomainError) return e
    throw e
  }
  throw new Error('expected the call to be refused')
}

const bearer = (key: string) => `Bearer ${key}`
const rowOf = (id: string) =>
  db.selectFrom('apiKeys').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

let ownerEmail: string
beforeAll(async () => {
  ownerEmail = (await owner.caller.auth.getProfile())!.email
})

describe('creating a key', () => {
  it('shows the key once and stores only its hash and first characters', async () => {
    const created = await owner.caller.apiKeys.create({
      businessId,
      data: { name: 'Web shop', scopes: ['invoices:read', 'invoices:create', 'invoices:read'] },
    })
    expect(created.key).toMatch(API_KEY_PATTERN)
    expect(created.shownPrefix).toBe(created.key.slice(0, API_KEY_SHOWN_CHARS))
    // in the catalogue's order, each once
    expect(created.scopes).toEqual(['invoices:create', 'invoices:read'])
    expect(created.lastUsedAt).toBeNull()

    const row = await rowOf(created.id)
    expect(row.keyHash).toBe(sha256(created.key))
    expect(row.businessId).toBe(businessId)
    expect(row.shownPrefix).toBe(created.key.slice(0, API_KEY_SHOWN_CHARS))
    // the key itself is in no column of the row
    expect(JSON.stringify(row)).not.toContain(created.key.slice(API_KEY_SHOWN_CHARS))

    // the list never shows it again, nor its hash
    const listed = await owner.caller.apiKeys.list({ businessId })
    const mine = listed.find((k) => k.id === created.id)
    expect(mine).toEqual({
      id: created.id,
      name: 'Web shop',
      shownPrefix: created.shownPrefix,
      scopes: ['invoices:create', 'invoices:read'],
      createdAt: created.createdAt,
      lastUsedAt: null,
    })
    expect(JSON.stringify(listed)).not.toContain(created.key)
    expect(JSON.stringify(listed)).not.toContain(row.keyHash)
  })

  it('is in the audit log and mailed to the owners, neither with the key', async () => {
    let key = ''
    const event = await audit.oneEvent(async () => {
      ;({ key } = await owner.caller.apiKeys.create({
        businessId,
        data: { name: 'Till sync', scopes: ['links:manage'] },
      }))
    })
    expect(event).toMatchObject({
      action: 'api_key.created',
      actorKind: 'member',
      subjectKind: 'api_key',
      subjectName: 'Till sync',
    })
    expect(event.details).toMatchObject({
      prefix: key.slice(0, API_KEY_SHOWN_CHARS),
      scopes: 'links:manage',
    })
    expect(JSON.stringify(event)).not.toContain(key)
    const notices = (await noticesTo(env, ownerEmail)).filter(
      (n) => n.data.event === 'api-key-created',
    )
    expect(notices.at(-1)?.data).toMatchObject({
      subject: `Till sync (${key.slice(0, API_KEY_SHOWN_CHARS)}…)`,
      businessName: 'Corner Café',
    })
    expect(JSON.stringify(notices)).not.toContain(key)
  })

  it('refuses no scope, an unknown scope (payouts above all) and an empty name, creating nothing', async () => {
    const before = (await owner.caller.apiKeys.list({ businessId })).length
    for (const data of [
      { name: 'No scopes', scopes: [] },
      { name: 'Payouts', scopes: ['payouts:send'] },
      { name: 'Payouts too', scopes: ['invoices:read', 'payouts'] },
      { name: '  ', scopes: ['invoices:read'] },
    ]) {
      const refused = await rejection(
        owner.caller.apiKeys.create({ businessId, data: data as never }),
      )
      expect(appCode(refused)).toBe('VALIDATION')
    }
    expect(await owner.caller.apiKeys.list({ businessId })).toHaveLength(before)
  })

  it('stops at the most keys a business may hold; revoking one makes room', async () => {
    const other = env.browser()
    await other.caller.auth.signUp({ email: uniqueEmail('many'), password })
    const { id } = await other.caller.businesses.create({ name: 'Many Keys Ltd' })
    const made = []
    for (let i = 0; i < 25; i++) {
      made.push(
        await other.caller.apiKeys.create({
          businessId: id,
          data: { name: `Key ${i}`, scopes: ['invoices:read'] },
        }),
      )
    }
    const refused = await rejection(
      other.caller.apiKeys.create({
        businessId: id,
        data: { name: 'One too many', scopes: ['invoices:read'] },
      }),
    )
    expect(appCode(refused)).toBe('API_KEY_LIMIT_REACHED')
    await other.caller.apiKeys.revoke({ businessId: id, keyId: made[0]!.id })
    await other.caller.apiKeys.create({
      businessId: id,
      data: { name: 'In its place', scopes: ['invoices:read'] },
    })
  })
})

describe('authenticating a request', () => {
  let key: string
  let keyId: string
  beforeAll(async () => {
    ;({ key, id: keyId } = await owner.caller.apiKeys.create({
      businessId,
      data: { name: 'Checkout', scopes: ['invoices:create', 'invoices:read'] },
    }))
  })

  it('a right key with the scope resolves to its business, and its last use is noted', async () => {
    const caller = await apiKeys.authenticate(bearer(key), 'invoices:create')
    expect(caller).toEqual({
      businessId,
      keyId,
      scopes: ['invoices:create', 'invoices:read'],
    })
    const used = (await rowOf(keyId)).lastUsedAt
    expect(used).toBeInstanceOf(Date)
    expect(Date.now() - used!.getTime()).toBeLessThan(60_000)
    const listed = (await owner.caller.apiKeys.list({ businessId })).find((k) => k.id === keyId)
    expect(listed?.lastUsedAt).toEqual(used)
    // the scheme's name is not case-sensitive
    await apiKeys.authenticate(`bearer  ${key}`, 'invoices:read')
  })

  it('writes the last use at most once a minute', async () => {
    const at = async (ago: string) => {
      await sql`UPDATE api_keys SET last_used_at = now() - ${ago}::interval
        WHERE id = ${keyId}`.execute(db)
      return (await rowOf(keyId)).lastUsedAt!
    }
    const recent = await at('30 seconds')
    await apiKeys.authenticate(bearer(key), 'invoices:read')
    expect((await rowOf(keyId)).lastUsedAt).toEqual(recent)
    const old = await at('2 minutes')
    await apiKeys.authenticate(bearer(key), 'invoices:read')
    const now = (await rowOf(keyId)).lastUsedAt!
    expect(now.getTime()).toBeGreaterThan(old.getTime() + 60_000)
  })

  it('a key without the scope is refused with 403, naming the scope', async () => {
    const e = await refusal(apiKeys.authenticate(bearer(key), 'webhooks:manage'))
    expect(e.code).toBe('API_KEY_SCOPE_MISSING')
    expect(httpStatusOf(e.code)).toBe(403)
    expect(e.details).toEqual({ scope: 'webhooks:manage' })
    expect(e.message).toContain('webhooks:manage')
  })

  it('an unknown key is refused with 401', async () => {
    const unknown = `sk_${'A'.repeat(43)}`
    const e = await refusal(apiKeys.authenticate(bearer(unknown), 'invoices:read'))
    expect(e.code).toBe('API_KEY_INVALID')
    expect(httpStatusOf(e.code)).toBe(401)
  })

  it('a missing or malformed header is refused with 401 before anything is looked up', async () => {
    const looked: string[] = []
    const repo = createApiKeyRepo(db)
    const counting = createApiKeyService({
      repo: { ...repo, byHash: (h) => (looked.push(h), repo.byHash(h)) },
    })
    for (const header of [
      undefined,
      '',
      key,
      `Basic ${key}`,
      `Bearer ${key}x`,
      `Bearer ${key.slice(0, -1)}`,
      `Bearer pk_${key.slice(3)}`,
      `Bearer ${key} ${key}`,
      `Bearer ${key.slice(0, 20)}'--${key.slice(23)}`,
      [bearer(key), bearer(key)],
    ]) {
      const e = await refusal(counting.authenticate(header, 'invoices:read'))
      expect(e.code).toBe('UNAUTHORIZED')
      expect(httpStatusOf(e.code)).toBe(401)
      expect(e.details).toEqual({ header: 'authorization' })
    }
    expect(looked).toEqual([])
    // the same service looks a well-formed key up
    await counting.authenticate(bearer(key), 'invoices:read')
    expect(looked).toEqual([sha256(key)])
  })

  it('a revoked key is refused at once with 401, and cannot be revoked twice', async () => {
    const { key: gone, id } = await owner.caller.apiKeys.create({
      businessId,
      data: { name: 'Old shop', scopes: ['invoices:read'] },
    })
    await apiKeys.authenticate(bearer(gone), 'invoices:read')
    const event = await audit.oneEvent(() => owner.caller.apiKeys.revoke({ businessId, keyId: id }))
    expect(event).toMatchObject({ action: 'api_key.revoked', subjectId: id })
    expect((await rowOf(id)).revokedAt).toBeInstanceOf(Date)
    const e = await refusal(apiKeys.authenticate(bearer(gone), 'invoices:read'))
    expect(e.code).toBe('API_KEY_INVALID')
    expect((await owner.caller.apiKeys.list({ businessId })).map((k) => k.id)).not.toContain(id)
    await audit.noEvent('NOT_FOUND', () => owner.caller.apiKeys.revoke({ businessId, keyId: id }))
  })

  it("another business's key resolves only to that business, which alone can revoke it", async () => {
    const other = env.browser()
    await other.caller.auth.signUp({ email: uniqueEmail('other'), password })
    const { id: otherBusiness } = await other.caller.businesses.create({ name: 'Other Shop' })
    const theirs = await other.caller.apiKeys.create({
      businessId: otherBusiness,
      data: { name: 'Their shop', scopes: ['invoices:read'] },
    })
    expect((await apiKeys.authenticate(bearer(theirs.key), 'invoices:read')).businessId).toBe(
      otherBusiness,
    )
    // our owner neither sees nor revokes it, naming our business or theirs
    expect((await owner.caller.apiKeys.list({ businessId })).map((k) => k.id)).not.toContain(
      theirs.id,
    )
    await audit.noEvent('NOT_FOUND', () =>
      owner.caller.apiKeys.revoke({ businessId, keyId: theirs.id }),
    )
    const notMember = await rejection(
      owner.caller.apiKeys.revoke({ businessId: otherBusiness, keyId: theirs.id }),
    )
    expect(['NOT_FOUND', 'FORBIDDEN', 'ROLE_NOT_ALLOWED']).toContain(appCode(notMember))
    expect((await apiKeys.authenticate(bearer(theirs.key), 'invoices:read')).businessId).toBe(
      otherBusiness,
    )
  })

  it('counts every request against the key: once spent, RATE_LIMITED, other keys unaffected', async () => {
    const limited = createApiKeyService({
      repo: createApiKeyRepo(db),
      pool: env.database.pool,
      limit: { points: 3, durationSec: 60 },
    })
    const { key: busy } = await owner.caller.apiKeys.create({
      businessId,
      data: { name: 'Busy shop', scopes: ['invoices:read'] },
    })
    const { key: quiet } = await owner.caller.apiKeys.create({
      businessId,
      data: { name: 'Quiet shop', scopes: ['invoices:read'] },
    })
    await limited.authenticate(bearer(busy), 'invoices:read')
    await limited.authenticate(bearer(busy), 'invoices:read')
    // a refused scope counts too
    expect((await refusal(limited.authenticate(bearer(busy), 'invoices:create'))).code).toBe(
      'API_KEY_SCOPE_MISSING',
    )
    const e = await refusal(limited.authenticate(bearer(busy), 'invoices:read'))
    expect(e).toBeInstanceOf(RateLimitedError)
    expect(e.code).toBe('RATE_LIMITED')
    expect((e as RateLimitedError).retryAfterSeconds).toBeGreaterThan(0)
    // counted in the database the instances share: another instance refuses it too
    const another = createApiKeyService({
      repo: createApiKeyRepo(db),
      pool: env.database.pool,
      limit: { points: 3, durationSec: 60 },
    })
    expect((await refusal(another.authenticate(bearer(busy), 'invoices:read'))).code).toBe(
      'RATE_LIMITED',
    )
    await limited.authenticate(bearer(quiet), 'invoices:read')
  })
})

describe('who manages keys', () => {
  it('an admin lists, creates and revokes them', async () => {
    const admin = await member('admin')
    const { id } = await admin.caller.apiKeys.create({
      businessId,
      data: { name: 'Admin key', scopes: ['webhooks:manage'] },
    })
    expect((await admin.caller.apiKeys.list({ businessId })).map((k) => k.id)).toContain(id)
    await admin.caller.apiKeys.revoke({ businessId, keyId: id })
  })

  it('a manager or an accountant can neither list, create nor revoke them', async () => {
    const { id } = await owner.caller.apiKeys.create({
      businessId,
      data: { name: 'Kept', scopes: ['invoices:read'] },
    })
    for (const role of ['manager', 'accountant'] as const) {
      const b = await member(role)
      const refused = [
        await rejection(b.caller.apiKeys.list({ businessId })),
        await rejection(
          b.caller.apiKeys.create({
            businessId,
            data: { name: `${role} key`, scopes: ['invoices:read'] },
          }),
        ),
        await rejection(b.caller.apiKeys.revoke({ businessId, keyId: id })),
      ]
      for (const e of refused) {
        expect(appCode(e)).toBe('ROLE_NOT_ALLOWED')
        expect(e.code).toBe('FORBIDDEN')
      }
    }
    expect((await rowOf(id)).revokedAt).toBeNull()
    const names = (await owner.caller.apiKeys.list({ businessId })).map((k) => k.name)
    expect(names).not.toContain('manager key')
    expect(names).not.toContain('accountant key')
  })

  it('a signed-out browser is refused', async () => {
    const refused = await rejection(env.browser().caller.apiKeys.list({ businessId }))
    expect(appCode(refused)).toBe('UNAUTHORIZED')
  })
})
