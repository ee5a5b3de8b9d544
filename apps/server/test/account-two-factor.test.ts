/**
 * Two-factor sign-in: enrolment by a scanned secret and a first code, sign-in in two steps,
 * single-use recovery codes, wrong codes limited per user, and turning it off with the password
 * and a code.
 */
import { Secret, TOTP } from 'otpauth'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, describe, expect, it } from 'vitest'
import { appCode, rejection } from './assertions'
import { scenario, uniqueEmail, type TestBrowser } from './harness'

const password = 'correct horse battery'

const t = await scenario()
afterAll(t.close)
const { env } = t

/**
 * Codes of the step before, this and the next one (the server takes each once, and those three
 * as current): computed from one moment not close to a step's end, so all three stay valid.
 */
async function codes(secret: string) {
  const msIntoStep = Date.now() % 30_000
  if (msIntoStep > 25_000) await sleep(30_000 - msIntoStep + 100)
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 })
  const now = Date.now()
  return {
    previous: totp.generate({ timestamp: now - 30_000 }),
    current: totp.generate({ timestamp: now }),
    next: totp.generate({ timestamp: now + 30_000 }),
    /** a code that is not valid now (a step far away) */
    wrong: totp.generate({ timestamp: now - 10 * 30_000 }),
  }
}

async function signedUp(): Promise<{ b: TestBrowser; email: string; id: string }> {
  const b = env.browser()
  const email = uniqueEmail()
  const { id } = await b.caller.auth.signUp({ email, password })
  return { b, email, id }
}

/** A user with two-factor sign-in on: the secret and the recovery codes shown at enrolment. */
async function enrolled() {
  const user = await signedUp()
  const { secret } = await user.b.caller.account.twoFactor.start()
  const { previous } = await codes(secret)
  const { recoveryCodes } = await user.b.caller.account.twoFactor.confirm({ code: previous })
  return { ...user, secret, recoveryCodes }
}

describe('enrolment', () => {
  it('shows a secret to scan, stores it sealed, and turns on with its first code', async () => {
    const { b, id, email } = await signedUp()
    expect(await b.caller.account.twoFactor.status()).toMatchObject({ isEnabled: false })

    const { uri, secret } = await b.caller.account.twoFactor.start()
    const parsed = new URL(uri)
    expect(parsed.protocol).toBe('otpauth:')
    expect(parsed.host).toBe('totp')
    expect(decodeURIComponent(parsed.pathname)).toContain(email)
    expect(parsed.searchParams.get('secret')).toBe(secret)
    expect(parsed.searchParams.get('issuer')).toBe(env.config.brandName)

    const row = await env.database.db
      .selectFrom('users')
      .select(['totpPendingSealed', 'totpSecretSealed'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(row.totpPendingSealed).toBeTruthy()
    expect(row.totpPendingSealed).not.toContain(secret)
    expect(row.totpSecretSealed).toBeNull()

    const { wrong, current } = await codes(secret)
    const refused = await rejection(b.caller.account.twoFactor.confirm({ code: wrong }))
    expect(appCode(refused)).toBe('INVALID_TWO_FACTOR_CODE')
    expect(await b.caller.account.twoFactor.status()).toMatchObject({ isEnabled: false })

    const { recoveryCodes } = await b.caller.account.twoFactor.confirm({ code: current })
    expect(recoveryCodes).toHaveLength(10)
    expect(new Set(recoveryCodes).size).toBe(10)
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/)
    expect(await b.caller.account.twoFactor.status()).toMatchObject({
      isEnabled: true,
      recoveryCodesLeft: 10,
    })

    // Stored: the secret sealed, the recovery codes only as hashes.
    const after = await env.database.db
      .selectFrom('users')
      .select(['totpPendingSealed', 'totpSecretSealed'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(after.totpPendingSealed).toBeNull()
    expect(after.totpSecretSealed).not.toContain(secret)
    const stored = await env.database.db
      .selectFrom('recoveryCodes')
      .select('codeHash')
      .where('userId', '=', id)
      .execute()
    expect(stored).toHaveLength(10)
    const plain = recoveryCodes.map((c) => c.replace('-', ''))
    for (const { codeHash } of stored) {
      expect(plain).not.toContain(codeHash)
      expect(recoveryCodes).not.toContain(codeHash)
    }

    // On already: a second enrolment is refused.
    const again = await rejection(b.caller.account.twoFactor.start())
    expect(appCode(again)).toBe('TWO_FACTOR_ALREADY_ENABLED')
  })

  it('needs a signed-in user, and a started enrolment to confirm', async () => {
    const anonymous = await rejection(env.browser().caller.account.twoFactor.start())
    expect(anonymous.code).toBe('UNAUTHORIZED')
    const { b } = await signedUp()
    const notStarted = await rejection(b.caller.account.twoFactor.confirm({ code: '123456' }))
    expect(appCode(notStarted)).toBe('TWO_FACTOR_NOT_STARTED')
  })
})

describe('sign-in with two-factor sign-in on', () => {
  it('asks for a code after the password and makes the session only after it', async () => {
    const { email, secret } = await enrolled()
    const b = env.browser()
    const first = await b.caller.auth.signIn({ email, password })
    expect(first.step).toBe('code')
    if (first.step !== 'code') throw new Error('expected the code step')
    expect(b.cookies.size).toBe(0)
    expect(await b.caller.auth.getProfile()).toBeNull()

    const { current, wrong } = await codes(secret)
    const refused = await rejection(
      b.caller.auth.signInWithCode({ challenge: first.challenge, code: wrong }),
    )
    expect(appCode(refused)).toBe('INVALID_TWO_FACTOR_CODE')
    expect(b.cookies.size).toBe(0)

    const profile = await b.caller.auth.signInWithCode({
      challenge: first.challenge,
      code: current,
    })
    expect(profile.email).toBe(email)
    expect(b.cookies.get('sid')).toBeTruthy()
    expect(await b.caller.auth.getProfile()).toMatchObject({ email })

    // The same code is not taken twice, not even with a fresh password step.
    const other = env.browser()
    const second = await other.caller.auth.signIn({ email, password })
    if (second.step !== 'code') throw new Error('expected the code step')
    const replay = await rejection(
      other.caller.auth.signInWithCode({ challenge: second.challenge, code: current }),
    )
    expect(appCode(replay)).toBe('INVALID_TWO_FACTOR_CODE')
    expect(other.cookies.size).toBe(0)
  })

  it('takes each recovery code once', async () => {
    const { email, recoveryCodes } = await enrolled()
    const code = recoveryCodes[3] ?? ''
    const b = env.browser()
    const first = await b.caller.auth.signIn({ email, password })
    if (first.step !== 'code') throw new Error('expected the code step')
    // Typed without the dash and in capitals, it still counts.
    await b.caller.auth.signInWithCode({
      challenge: first.challenge,
      code: code.replace('-', ' ').toUpperCase(),
    })
    expect(await b.caller.auth.getProfile()).toMatchObject({ email })
    expect(await b.caller.account.twoFactor.status()).toMatchObject({ recoveryCodesLeft: 9 })

    const again = env.browser()
    const second = await again.caller.auth.signIn({ email, password })
    if (second.step !== 'code') throw new Error('expected the code step')
    const used = await rejection(
      again.caller.auth.signInWithCode({ challenge: second.challenge, code }),
    )
    expect(appCode(used)).toBe('INVALID_TWO_FACTOR_CODE')
    expect(again.cookies.size).toBe(0)
  })

  it('refuses a challenge that was altered or made by someone else', async () => {
    const { email, secret } = await enrolled()
    const b = env.browser()
    const first = await b.caller.auth.signIn({ email, password })
    if (first.step !== 'code') throw new Error('expected the code step')
    const { current } = await codes(secret)
    const altered = `${first.challenge.slice(0, -4)}AAAA`
    const err = await rejection(b.caller.auth.signInWithCode({ challenge: altered, code: current }))
    expect(appCode(err)).toBe('SIGN_IN_EXPIRED')
    const forged = await rejection(
      b.caller.auth.signInWithCode({ challenge: 'v2.abc.def.ghi.jkl', code: current }),
    )
    expect(appCode(forged)).toBe('SIGN_IN_EXPIRED')
    expect(b.cookies.size).toBe(0)
  })

  it('stops taking codes after five wrong ones, even the right one', async () => {
    const { email, secret } = await enrolled()
    const b = env.browser()
    const first = await b.caller.auth.signIn({ email, password })
    if (first.step !== 'code') throw new Error('expected the code step')
    for (let i = 0; i < 5; i++) {
      const err = await rejection(
        b.caller.auth.signInWithCode({ challenge: first.challenge, code: `00000${i}` }),
      )
      expect(appCode(err)).toBe('INVALID_TWO_FACTOR_CODE')
    }
    const { current } = await codes(secret)
    const limited = await rejection(
      b.caller.auth.signInWithCode({ challenge: first.challenge, code: current }),
    )
    expect(limited.code).toBe('TOO_MANY_REQUESTS')
    expect(appCode(limited)).toBe('RATE_LIMITED')
    expect(b.cookies.size).toBe(0)
  })

  it('signs in without a code again once turned off with the password and a code', async () => {
    const { b, email, secret, recoveryCodes } = await enrolled()
    const { current } = await codes(secret)
    const wrongPassword = await rejection(
      b.caller.account.twoFactor.disable({ password: 'not my password', code: current }),
    )
    expect(appCode(wrongPassword)).toBe('WRONG_CURRENT_PASSWORD')
    const wrongCode = await rejection(
      b.caller.account.twoFactor.disable({ password, code: '000000' }),
    )
    expect(appCode(wrongCode)).toBe('INVALID_TWO_FACTOR_CODE')
    expect(await b.caller.account.twoFactor.status()).toMatchObject({ isEnabled: true })

    await b.caller.account.twoFactor.disable({ password, code: recoveryCodes[0] ?? '' })
    expect(await b.caller.account.twoFactor.status()).toMatchObject({
      isEnabled: false,
      recoveryCodesLeft: 0,
    })
    const fresh = env.browser()
    const result = await fresh.caller.auth.signIn({ email, password })
    expect(result.step).toBe('signedIn')
    expect(fresh.cookies.get('sid')).toBeTruthy()
  })

  it('makes new recovery codes for a code, and the old ones stop working', async () => {
    const { b, email, recoveryCodes } = await enrolled()
    const refused = await rejection(
      b.caller.account.twoFactor.renewRecoveryCodes({ code: '000000' }),
    )
    expect(appCode(refused)).toBe('INVALID_TWO_FACTOR_CODE')
    const { recoveryCodes: renewed } = await b.caller.account.twoFactor.renewRecoveryCodes({
      code: recoveryCodes[0] ?? '',
    })
    expect(renewed).toHaveLength(10)
    expect(renewed.filter((c) => recoveryCodes.includes(c))).toEqual([])
    expect(await b.caller.account.twoFactor.status()).toMatchObject({ recoveryCodesLeft: 10 })

    const other = env.browser()
    const first = await other.caller.auth.signIn({ email, password })
    if (first.step !== 'code') throw new Error('expected the code step')
    const old = await rejection(
      other.caller.auth.signInWithCode({
        challenge: first.challenge,
        code: recoveryCodes[1] ?? '',
      }),
    )
    expect(appCode(old)).toBe('INVALID_TWO_FACTOR_CODE')
    await other.caller.auth.signInWithCode({ challenge: first.challenge, code: renewed[0] ?? '' })
    expect(await other.caller.auth.getProfile()).toMatchObject({ email })
  })
})
