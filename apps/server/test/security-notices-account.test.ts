/**
 * Security notices to the account (issue 24, notifications): a password changed from the
 * account settings, two-factor sign-in turned on or off, a passkey added or removed, and a
 * sign-in from a browser the account was not used from before. Each queues exactly one
 * `security-notice` to the account's address in its language, in the change's transaction;
 * a refused action queues none. A browser is known by a long-lived cookie whose token is stored
 * hashed per account.
 */
import type { TRPCError } from '@trpc/server'
import { Secret, TOTP } from 'otpauth'
import { afterAll, describe, expect, it } from 'vitest'
import { createCleanupRepo } from '../src/jobs/cleanup-repo'
import { hashToken } from '../src/lib/secrets'
import { createSecurityNotices } from '../src/mail/security-notices'
import { createKnownBrowserRepo } from '../src/modules/auth/known-browser-repo'
import { createKnownBrowsers, KNOWN_BROWSER_COOKIE } from '../src/modules/auth/known-browsers'
import { appCode, rejection } from './assertions'
import { scenario, uniqueEmail, type TestBrowser } from './harness'
import { eventsTo, noticesTo } from './notices-support'
import { softAuthenticator } from './passkey-authenticator'

const password = 'correct horse battery'
const ORIGIN = 'http://localhost:3000'
const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36'
const FIREFOX_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0'

const t = await scenario()
afterAll(t.close)
const { env } = t
const db = env.database.db

let ipSeq = 10
/** A browser of its own address and User-Agent, in a language when given. */
function browser(opts: { lang?: string; userAgent?: string } = {}): {
  b: TestBrowser
  ip: string
} {
  const ip = `10.24.5.${ipSeq++}`
  const b = env.browser({
    ip,
    headers: opts.userAgent ? { 'user-agent': opts.userAgent } : {},
  })
  if (opts.lang) b.cookies.set('i18next', opts.lang)
  return { b, ip }
}

async function signedUp(lang?: string) {
  const { b, ip } = browser({ lang, userAgent: CHROME_MAC })
  const email = uniqueEmail('notice')
  const { id } = await b.caller.auth.signUp({ email, password })
  return { b, ip, email, id }
}

function codesOf(secret: string) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 })
  const now = Date.now()
  return {
    previous: totp.generate({ timestamp: now - 30_000 }),
    wrong: totp.generate({ timestamp: now - 10 * 30_000 }),
  }
}

describe('account notices', () => {
  it('a password changed in the settings: one notice in the account language; none when refused', async () => {
    const { b, ip, email } = await signedUp('de')
    const refused = await rejection(
      b.caller.account.changePassword({
        currentPassword: 'not the password',
        newPassword: 'another good password',
        confirmPassword: 'another good password',
      }),
    )
    expect(appCode(refused)).toBe('WRONG_CURRENT_PASSWORD')
    expect(await noticesTo(env, email)).toEqual([])

    await b.caller.account.changePassword({
      currentPassword: password,
      newPassword: 'another good password',
      confirmPassword: 'another good password',
    })
    const notices = await noticesTo(env, email)
    expect(notices).toHaveLength(1)
    expect(notices[0]).toMatchObject({
      to: email,
      locale: 'de',
      data: { event: 'password-changed', from: ip },
    })
    expect(JSON.stringify(notices[0]!.data)).not.toContain('another good password')
  })

  it('two-factor sign-in turned on and off: one notice each; none for a wrong code or password', async () => {
    const { b, ip, email } = await signedUp('fr')
    const { secret } = await b.caller.account.twoFactor.start()
    const { previous, wrong } = codesOf(secret)
    expect(appCode(await rejection(b.caller.account.twoFactor.confirm({ code: wrong })))).toBe(
      'INVALID_TWO_FACTOR_CODE',
    )
    expect(await noticesTo(env, email)).toEqual([])
    const { recoveryCodes } = await b.caller.account.twoFactor.confirm({ code: previous })
    const on = await noticesTo(env, email)
    expect(on.map((n) => [n.locale, n.data.event, n.data.from])).toEqual([
      ['fr', 'two-factor-enabled', ip],
    ])
    // the recovery codes are never in the mail
    expect(recoveryCodes.some((c) => JSON.stringify(on).includes(c))).toBe(false)

    const badPassword = await rejection(
      b.caller.account.twoFactor.disable({ password: 'nope nope nope', code: recoveryCodes[0]! }),
    )
    expect(appCode(badPassword)).toBe('WRONG_CURRENT_PASSWORD')
    expect(await eventsTo(env, email)).toEqual(['two-factor-enabled'])
    await b.caller.account.twoFactor.disable({ password, code: recoveryCodes[1]! })
    expect(await eventsTo(env, email)).toEqual(['two-factor-enabled', 'two-factor-disabled'])
    expect((await noticesTo(env, email))[1]).toMatchObject({ locale: 'fr', data: { from: ip } })
  })

  it('two-factor sign-in turned off by two requests at once: one turns it off, one notice', async () => {
    const { b, email } = await signedUp('en')
    const { secret } = await b.caller.account.twoFactor.start()
    const { recoveryCodes } = await b.caller.account.twoFactor.confirm({
      code: codesOf(secret).previous,
    })
    const results = await Promise.allSettled([
      b.caller.account.twoFactor.disable({ password, code: recoveryCodes[0]! }),
      b.caller.account.twoFactor.disable({ password, code: recoveryCodes[1]! }),
    ])
    const outcomes = results.map((r) =>
      r.status === 'fulfilled' ? 'turned off' : appCode(r.reason as TRPCError),
    )
    expect(outcomes.filter((o) => o === 'turned off')).toHaveLength(1)
    // the other finds it off, or its recovery code gone with it, whichever it reaches first
    expect(['TWO_FACTOR_NOT_ENABLED', 'INVALID_TWO_FACTOR_CODE']).toContain(
      outcomes.find((o) => o !== 'turned off'),
    )
    expect(await eventsTo(env, email)).toEqual(['two-factor-enabled', 'two-factor-disabled'])
    expect(await b.caller.account.twoFactor.status()).toMatchObject({ isEnabled: false })
  })

  it('a passkey added and removed: one notice each naming it; none when the removal is refused', async () => {
    const { b, email } = await signedUp('es')
    const device = softAuthenticator({ origin: ORIGIN })
    await b.caller.passkeys.register({
      name: 'Work laptop',
      response: device.create(await b.caller.passkeys.registrationOptions()),
    })
    const added = await noticesTo(env, email)
    expect(added.map((n) => [n.locale, n.data.event, n.data.subject])).toEqual([
      ['es', 'passkey-added', 'Work laptop'],
    ])
    const [passkey] = await b.caller.passkeys.list()
    const refused = await rejection(
      b.caller.passkeys.remove({ id: passkey!.id, password: 'not the password' }),
    )
    expect(appCode(refused)).toBe('WRONG_PASSWORD')
    expect(await eventsTo(env, email)).toEqual(['passkey-added'])
    await b.caller.passkeys.remove({ id: passkey!.id, password })
    const all = await noticesTo(env, email)
    expect(all.map((n) => [n.data.event, n.data.subject])).toEqual([
      ['passkey-added', 'Work laptop'],
      ['passkey-removed', 'Work laptop'],
    ])
  })
})

describe('a sign-in from a new browser', () => {
  it('is mailed once per browser; the sign-up browser and a known browser send nothing', async () => {
    const { b: first, email, id } = await signedUp('de')
    // sign-up makes its browser known (the cookie holds a token; only its hash is stored)
    const token = first.cookies.get(KNOWN_BROWSER_COOKIE)
    expect(token).toBeTruthy()
    const stored = await db
      .selectFrom('knownBrowsers')
      .select('tokenHash')
      .where('userId', '=', id)
      .execute()
    expect(stored).toEqual([{ tokenHash: hashToken(token!) }])

    await first.caller.auth.signOut()
    await first.caller.auth.signIn({ email, password })
    expect(await noticesTo(env, email)).toEqual([])

    const { b: other, ip } = browser({ userAgent: FIREFOX_WINDOWS })
    await rejection(other.caller.auth.signIn({ email, password: 'wrong password!' }))
    expect(await noticesTo(env, email)).toEqual([])
    await other.caller.auth.signIn({ email, password })
    const notices = await noticesTo(env, email)
    expect(notices).toHaveLength(1)
    expect(notices[0]).toMatchObject({
      to: email,
      locale: 'de',
      data: { event: 'new-sign-in', subject: 'Firefox on Windows', from: ip },
    })
    expect(JSON.stringify(notices[0]!.data)).not.toContain(other.cookies.get(KNOWN_BROWSER_COOKIE)!)

    // the same browser again: known now
    await other.caller.auth.signOut()
    await other.caller.auth.signIn({ email, password })
    expect(await noticesTo(env, email)).toHaveLength(1)

    // a third browser, and one whose cookie is a made-up value: each is new
    const { b: third } = browser({ userAgent: CHROME_MAC })
    await third.caller.auth.signIn({ email, password })
    const { b: forged } = browser({ userAgent: CHROME_MAC })
    forged.cookies.set(KNOWN_BROWSER_COOKIE, 'made-up-token')
    await forged.caller.auth.signIn({ email, password })
    const later = await noticesTo(env, email)
    expect(later.map((n) => [n.data.event, n.data.subject])).toEqual([
      ['new-sign-in', 'Firefox on Windows'],
      ['new-sign-in', 'Chrome on macOS'],
      ['new-sign-in', 'Chrome on macOS'],
    ])
    expect(forged.cookies.get(KNOWN_BROWSER_COOKIE)).not.toBe('made-up-token')
  })

  it('is mailed after the code step of two-factor sign-in, not at the password step', async () => {
    const { b, email } = await signedUp()
    const { secret } = await b.caller.account.twoFactor.start()
    const { recoveryCodes } = await b.caller.account.twoFactor.confirm({
      code: codesOf(secret).previous,
    })
    const { b: other } = browser({ userAgent: FIREFOX_WINDOWS })
    const step = await other.caller.auth.signIn({ email, password })
    expect(step.step).toBe('code')
    expect(await eventsTo(env, email)).toEqual(['two-factor-enabled'])
    if (step.step !== 'code') return
    await rejection(other.caller.auth.signInWithCode({ challenge: step.challenge, code: 'bad' }))
    expect(await eventsTo(env, email)).toEqual(['two-factor-enabled'])
    await other.caller.auth.signInWithCode({ challenge: step.challenge, code: recoveryCodes[0]! })
    expect(await eventsTo(env, email)).toEqual(['two-factor-enabled', 'new-sign-in'])
  })

  it('is mailed for a passkey sign-in from a new browser, and not again from it', async () => {
    const { b, email } = await signedUp('es')
    const device = softAuthenticator({ origin: ORIGIN })
    await b.caller.passkeys.register({
      name: 'Phone',
      response: device.create(await b.caller.passkeys.registrationOptions()),
    })
    const { b: other } = browser({ userAgent: FIREFOX_WINDOWS })
    const signIn = async () =>
      other.caller.passkeys.signIn({
        response: device.get(await other.caller.passkeys.signInOptions()),
      })
    await signIn()
    await other.caller.auth.signOut()
    await signIn()
    expect((await noticesTo(env, email)).map((n) => [n.locale, n.data.event])).toEqual([
      ['es', 'passkey-added'],
      ['es', 'new-sign-in'],
    ])
  })

  it('keeps one token in a browser shared by two accounts: each account is told once', async () => {
    const a = await signedUp()
    const bAccount = await signedUp()
    const { b: shared } = browser({ userAgent: CHROME_MAC })
    await shared.caller.auth.signIn({ email: a.email, password })
    const token = shared.cookies.get(KNOWN_BROWSER_COOKIE)
    await shared.caller.auth.signOut()
    await shared.caller.auth.signIn({ email: bAccount.email, password })
    expect(shared.cookies.get(KNOWN_BROWSER_COOKIE)).toBe(token)
    await shared.caller.auth.signOut()
    await shared.caller.auth.signIn({ email: a.email, password })
    expect(await eventsTo(env, a.email)).toEqual(['new-sign-in'])
    expect(await eventsTo(env, bAccount.email)).toEqual(['new-sign-in'])
  })
})

describe('a notice that cannot be queued', () => {
  it('fails the change it belongs to, which rolls back (nothing half-done, nothing silent)', async () => {
    const { email, id } = await signedUp()
    const failing = createSecurityNotices({
      mail: {
        enqueueMail: () => Promise.reject(new Error('the outbox is unavailable')),
      },
    })
    const browsers = createKnownBrowsers({ repo: createKnownBrowserRepo(db), notices: failing })
    const count = async () =>
      (await db.selectFrom('knownBrowsers').select('tokenHash').where('userId', '=', id).execute())
        .length
    expect(await count()).toBe(1)
    await expect(
      browsers.signedIn(id, { ip: '10.9.9.9', userAgent: FIREFOX_WINDOWS }),
    ).rejects.toThrow('the outbox is unavailable')
    // the browser did not become known: its next sign-in is told again
    expect(await count()).toBe(1)
    expect(await noticesTo(env, email)).toEqual([])
  })
})

describe('known browsers unseen for over a year', () => {
  it('are deleted by the housekeeping job (their cookie expired); recent ones stay', async () => {
    const { id } = await signedUp()
    const yearAgo = new Date(Date.now() - 366 * 86_400_000)
    await db
      .insertInto('knownBrowsers')
      .values({ userId: id, tokenHash: hashToken('forgotten') })
      .execute()
    await db
      .updateTable('knownBrowsers')
      .set({ lastSeenAt: yearAgo })
      .where('tokenHash', '=', hashToken('forgotten'))
      .execute()
    expect(await createCleanupRepo(db).deleteForgottenBrowsers()).toBeGreaterThanOrEqual(1)
    const left = await db
      .selectFrom('knownBrowsers')
      .select('tokenHash')
      .where('userId', '=', id)
      .execute()
    expect(left).toHaveLength(1)
    expect(left[0]!.tokenHash).not.toBe(hashToken('forgotten'))
  })
})
