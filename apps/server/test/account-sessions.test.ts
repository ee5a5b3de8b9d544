/**
 * The sessions list and signing sessions out; a session's absolute lifetime besides the sliding
 * one; and open subscriptions, which end with their session (or carry on under the session that
 * replaced it when the user changed the password) and are limited per session.
 */
import { randomUUID } from 'node:crypto'
import { TRPCError } from '@trpc/server'
import { sql } from 'kysely'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { hashToken } from '../src/lib/secrets'
import { PAYMENT_EVENTS_CHANNEL } from '../src/modules/payments'
import { DEFAULT_SESSION_LIFETIME } from '../src/modules/auth/service'
import { appCode, rejection } from './assertions'
import { scenario, uniqueEmail, type TestBrowser } from './harness'

const password = 'correct horse battery'
const FIREFOX_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0'
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
const DAY_MS = 24 * 60 * 60 * 1000

const t = await scenario()
afterAll(t.close)
const { env } = t

async function twoBrowsers() {
  const email = uniqueEmail()
  const laptop = env.browser({ ip: '203.0.113.7', headers: { 'user-agent': FIREFOX_WINDOWS } })
  const { id: userId } = await laptop.caller.auth.signUp({ email, password })
  const phone = env.browser({ ip: '198.51.100.23', headers: { 'user-agent': SAFARI_IPHONE } })
  const signedIn = await phone.caller.auth.signIn({ email, password })
  expect(signedIn.step).toBe('signedIn')
  return { email, userId, laptop, phone }
}

const idHashOf = (b: TestBrowser) => hashToken(b.cookies.get('sid') ?? '')

describe('the sessions list', () => {
  it('shows where and when each session was made and used, this one marked', async () => {
    const { laptop } = await twoBrowsers()
    const sessions = await laptop.caller.account.sessions()
    expect(sessions).toHaveLength(2)
    const current = sessions.find((s) => s.isCurrent)
    const other = sessions.find((s) => !s.isCurrent)
    expect(current).toMatchObject({ browser: 'Firefox', system: 'Windows', ip: '203.0.113.7' })
    expect(other).toMatchObject({ browser: 'Safari', system: 'iOS', ip: '198.51.100.23' })
    for (const s of sessions) {
      expect(s.id).toMatch(/^[0-9a-f-]{36}$/)
      expect(s.createdAt).toBeInstanceOf(Date)
      expect(s.lastSeenAt).toBeInstanceOf(Date)
      // The cookie's hash never leaves the server.
      expect(JSON.stringify(s)).not.toContain(idHashOf(laptop))
    }
  })

  it('signs out another session: its requests are refused from then on', async () => {
    const { laptop, phone } = await twoBrowsers()
    const other = (await laptop.caller.account.sessions()).find((s) => !s.isCurrent)
    await laptop.caller.account.revokeSession({ sessionId: other?.id ?? '' })
    expect(await phone.caller.auth.getProfile()).toBeNull()
    const refused = await rejection(phone.caller.account.sessions())
    expect(refused.code).toBe('UNAUTHORIZED')
    expect(await laptop.caller.account.sessions()).toHaveLength(1)
    expect(await laptop.caller.auth.getProfile()).not.toBeNull()
  })

  it('signs out all other sessions at once and keeps this one', async () => {
    const { email, laptop, phone } = await twoBrowsers()
    const third = env.browser()
    await third.caller.auth.signIn({ email, password })
    expect(await laptop.caller.account.revokeOtherSessions()).toEqual({ ended: 2 })
    expect(await phone.caller.auth.getProfile()).toBeNull()
    expect(await third.caller.auth.getProfile()).toBeNull()
    expect(await laptop.caller.auth.getProfile()).toMatchObject({ email })
  })

  it("refuses to sign out this session by id, or another user's session", async () => {
    const { laptop } = await twoBrowsers()
    const stranger = await twoBrowsers()
    const mine = (await laptop.caller.account.sessions()).find((s) => s.isCurrent)
    const theirs = (await stranger.laptop.caller.account.sessions())[0]
    for (const sessionId of [mine?.id ?? '', theirs?.id ?? '', 'not-a-uuid']) {
      const err = await rejection(laptop.caller.account.revokeSession({ sessionId }))
      expect(appCode(err)).toBe('NOT_FOUND')
    }
    expect(await stranger.laptop.caller.auth.getProfile()).not.toBeNull()
    expect(await laptop.caller.auth.getProfile()).not.toBeNull()
  })
})

describe('session lifetime', () => {
  it('ends a session at its absolute end, however recently it was used', async () => {
    const { laptop } = await twoBrowsers()
    const idHash = idHashOf(laptop)
    // Made 30 days and a minute ago, used a minute ago, its sliding end still ahead.
    await env.database.db
      .updateTable('sessions')
      .set({
        createdAt: new Date(Date.now() - DEFAULT_SESSION_LIFETIME.absoluteMs - 60_000),
        lastSeenAt: new Date(Date.now() - 60_000),
        expiresAt: new Date(Date.now() + DAY_MS),
      } as never)
      .where('idHash', '=', idHash)
      .execute()
    expect(await laptop.caller.auth.getProfile()).toBeNull()
    const gone = await env.database.db
      .selectFrom('sessions')
      .select('idHash')
      .where('idHash', '=', idHash)
      .executeTakeFirst()
    expect(gone).toBeUndefined()
  })

  it('slides an idle end forward with use, never past the absolute end', async () => {
    const { laptop } = await twoBrowsers()
    const idHash = idHashOf(laptop)
    const createdAt = new Date(Date.now() - DEFAULT_SESSION_LIFETIME.absoluteMs + 2 * DAY_MS)
    await env.database.db
      .updateTable('sessions')
      .set({
        createdAt,
        lastSeenAt: new Date(Date.now() - DAY_MS),
        expiresAt: new Date(Date.now() + DAY_MS),
      } as never)
      .where('idHash', '=', idHash)
      .execute()
    expect(await laptop.caller.auth.getProfile()).not.toBeNull()
    const row = await env.database.db
      .selectFrom('sessions')
      .select(['expiresAt', 'lastSeenAt'])
      .where('idHash', '=', idHash)
      .executeTakeFirstOrThrow()
    expect(row.expiresAt.getTime()).toBe(createdAt.getTime() + DEFAULT_SESSION_LIFETIME.absoluteMs)
    expect(Date.now() - row.lastSeenAt.getTime()).toBeLessThan(60_000)
  })

  it('starts a session with the idle lifetime ahead of it', async () => {
    const b = env.browser()
    await b.caller.auth.signUp({ email: uniqueEmail(), password })
    const row = await env.database.db
      .selectFrom('sessions')
      .select(['createdAt', 'expiresAt'])
      .where('idHash', '=', idHashOf(b))
      .executeTakeFirstOrThrow()
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeGreaterThan(
      DEFAULT_SESSION_LIFETIME.idleMs - 60_000,
    )
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThan(
      DEFAULT_SESSION_LIFETIME.idleMs + 60_000,
    )
  })
})

describe('open subscriptions', () => {
  async function withBusiness() {
    const { email, laptop, phone } = await twoBrowsers()
    const { id: businessId } = await phone.caller.businesses.create({ name: 'Corner Café' })
    return { email, laptop, phone, businessId }
  }

  async function open(b: TestBrowser, businessId: string) {
    const stream = await b.caller.sales.changes({ businessId })
    return stream[Symbol.asyncIterator]()
  }

  it('end when their session is signed out from another browser', async () => {
    const { laptop, phone, businessId } = await withBusiness()
    const changes = await open(phone, businessId)
    const next = rejection(changes.next())
    const other = (await laptop.caller.account.sessions()).find((s) => !s.isCurrent)
    await laptop.caller.account.revokeSession({ sessionId: other?.id ?? '' })
    const ended = await next
    expect(ended.code).toBe('UNAUTHORIZED')
    expect(appCode(ended)).toBe('UNAUTHORIZED')
  })

  it("carry on under the new session when the user changes the password from it; other sessions' end", async () => {
    const { laptop, phone, businessId } = await withBusiness()
    const own = await open(phone, businessId)
    const ownNext = own.next()
    ownNext.catch(() => {})
    const elsewhere = rejection((await open(laptop, businessId)).next())
    const before = idHashOf(phone)
    await phone.caller.account.changePassword({
      currentPassword: password,
      newPassword: 'a new strong password',
      confirmPassword: 'a new strong password',
    })
    const after = idHashOf(phone)
    expect(after).not.toBe(before)
    expect((await elsewhere).code).toBe('UNAUTHORIZED')
    // held by the new session now, and ends with it
    await vi.waitFor(() => expect(env.services.auth.openSubscriptions(after)).toBe(1))
    expect(env.services.auth.openSubscriptions(before)).toBe(0)
    // still told of the business's changes
    const event = { id: randomUUID(), businessId, at: '2030-01-01T00:00:00.000000Z' }
    await sql`SELECT pg_notify(${PAYMENT_EVENTS_CHANNEL}, ${JSON.stringify(event)})`.execute(
      env.database.db,
    )
    const told = await Promise.race([
      ownNext.then(
        (step) => (step.done ? 'closed' : 'told'),
        (err: unknown) => (err instanceof TRPCError ? err.code : 'failed'),
      ),
      new Promise((resolve) => setTimeout(() => resolve('silent'), 10_000)),
    ])
    expect(told).toBe('told')
    const ended = rejection(own.next())
    await phone.caller.auth.signOut()
    expect((await ended).code).toBe('UNAUTHORIZED')
    expect(env.services.auth.openSubscriptions(after)).toBe(0)
  })

  it('end when their session signs out', async () => {
    const { phone, businessId } = await withBusiness()
    const changes = await open(phone, businessId)
    const next = rejection(changes.next())
    await phone.caller.auth.signOut()
    expect((await next).code).toBe('UNAUTHORIZED')
  })

  it('end when their session expires', async () => {
    const { phone, businessId } = await withBusiness()
    await env.database.db
      .updateTable('sessions')
      .set({ expiresAt: new Date(Date.now() + 1500) })
      .where('idHash', '=', idHashOf(phone))
      .execute()
    const changes = await open(phone, businessId)
    const started = Date.now()
    const ended = await rejection(changes.next())
    expect(ended.code).toBe('UNAUTHORIZED')
    expect(Date.now() - started).toBeLessThan(10_000)
  })

  it('are limited per session', async () => {
    const { email, phone, businessId } = await withBusiness()
    const held = []
    for (let i = 0; i < 20; i++) held.push(await open(phone, businessId))
    const refused = await rejection(phone.caller.sales.changes({ businessId }))
    expect(appCode(refused)).toBe('SUBSCRIPTION_LIMIT_REACHED')
    expect(refused.code).toBe('TOO_MANY_REQUESTS')
    // Another session of the same user is not held back.
    const other = env.browser()
    await other.caller.auth.signIn({ email, password })
    const elsewhere = await open(other, businessId)
    const pending = [...held, elsewhere].map((it) => rejection(it.next()))
    // Signed out, the session's subscriptions end and free their places.
    await phone.caller.auth.signOut()
    await other.caller.auth.signOut()
    for (const ended of await Promise.all(pending)) expect(ended.code).toBe('UNAUTHORIZED')
    expect(env.services.auth.openSubscriptions(idHashOf(phone))).toBe(0)
  })
})
