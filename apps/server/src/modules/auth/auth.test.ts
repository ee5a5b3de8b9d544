import { afterAll, describe, expect, it } from 'vitest'
import { appCode, rejection } from '../../../test/assertions'
import { scenario, uniqueEmail } from '../../../test/harness'

const t = await scenario({
  authLimits: {
    signInPerIp: { points: 50, durationSec: 60 },
    failedSignInPerAccount: { points: 3, durationSec: 60 },
    signUpPerIp: { points: 50, durationSec: 60 },
  },
})
afterAll(t.close)
const { env } = t

const userCount = async () =>
  Number(
    (
      await env.database.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

describe('sign-up', () => {
  it('creates the account, signs in and returns the profile', async () => {
    const b = env.browser()
    const email = uniqueEmail()
    const profile = await b.caller.auth.signUp({ email, password: 'correct horse battery' })
    expect(profile.email).toBe(email)
    expect(b.cookies.get('sid')).toBeTruthy()
    expect(await b.caller.auth.getProfile()).toMatchObject({ id: profile.id, email })
  })

  it('stores the password hashed, never in clear', async () => {
    const email = uniqueEmail()
    await env.browser().caller.auth.signUp({ email, password: 'correct horse battery' })
    const row = await env.services.authRepo.findUserByEmail(email)
    expect(row?.passwordHash).toMatch(/^scrypt\$/)
    expect(row?.passwordHash).not.toContain('correct horse')
  })

  it('refuses a duplicate email, whatever its case, and creates nothing', async () => {
    const email = uniqueEmail()
    await env.browser().caller.auth.signUp({ email, password: 'correct horse battery' })
    const before = await userCount()
    const b = env.browser()
    const err = await rejection(
      b.caller.auth.signUp({ email: email.toUpperCase(), password: 'another password 1' }),
    )
    expect(err.code).toBe('CONFLICT')
    expect(appCode(err)).toBe('EMAIL_TAKEN')
    expect(await userCount()).toBe(before)
    expect(b.cookies.size).toBe(0)
  })

  it('refuses a malformed email', async () => {
    const before = await userCount()
    const err = await rejection(
      env
        .browser()
        .caller.auth.signUp({ email: 'not-an-email', password: 'correct horse battery' }),
    )
    expect(err.code).toBe('BAD_REQUEST')
    expect(await userCount()).toBe(before)
  })

  it('refuses a password below the minimum', async () => {
    const before = await userCount()
    const err = await rejection(
      env.browser().caller.auth.signUp({ email: uniqueEmail(), password: 'short' }),
    )
    expect(appCode(err)).toBe('PASSWORD_TOO_SHORT')
    expect(await userCount()).toBe(before)
  })
})

describe('sign-in and sign-out', () => {
  it('signs in with the right password and out again', async () => {
    const email = uniqueEmail()
    await env.browser().caller.auth.signUp({ email, password: 'correct horse battery' })
    const b = env.browser()
    expect(await b.caller.auth.getProfile()).toBeNull()
    await b.caller.auth.signIn({ email, password: 'correct horse battery' })
    expect(await b.caller.auth.getProfile()).toMatchObject({ email })
    const token = b.cookies.get('sid')
    await b.caller.auth.signOut()
    expect(b.cookies.get('sid')).toBeUndefined()
    expect(await b.caller.auth.getProfile()).toBeNull()
    // The ended session is gone on the server too: replaying the old cookie does not work.
    const replay = env.browser()
    replay.cookies.set('sid', token ?? '')
    expect(await replay.caller.auth.getProfile()).toBeNull()
  })

  it('answers a wrong password and an unknown email with the same error', async () => {
    const email = uniqueEmail()
    await env.browser().caller.auth.signUp({ email, password: 'correct horse battery' })
    const wrong = await rejection(
      env.browser({ ip: '10.0.0.2' }).caller.auth.signIn({ email, password: 'wrong password 1' }),
    )
    const unknown = await rejection(
      env
        .browser({ ip: '10.0.0.2' })
        .caller.auth.signIn({ email: uniqueEmail(), password: 'wrong password 1' }),
    )
    expect(appCode(wrong)).toBe('INVALID_CREDENTIALS')
    expect(appCode(unknown)).toBe('INVALID_CREDENTIALS')
    expect(wrong.message).toBe(unknown.message)
  })

  it('locks an account after too many failed attempts, even with the right password', async () => {
    const email = uniqueEmail()
    await env.browser().caller.auth.signUp({ email, password: 'correct horse battery' })
    for (let i = 0; i < 3; i++) {
      await rejection(
        env.browser({ ip: '10.0.0.3' }).caller.auth.signIn({ email, password: 'wrong password 1' }),
      )
    }
    const b = env.browser({ ip: '10.0.0.4' })
    const locked = await rejection(
      b.caller.auth.signIn({ email, password: 'correct horse battery' }),
    )
    expect(locked.code).toBe('TOO_MANY_REQUESTS')
    expect(appCode(locked)).toBe('RATE_LIMITED')
    expect(b.cookies.size).toBe(0)
  })

  it('limits attempts per IP', async () => {
    const strict = await scenario({
      authLimits: {
        signInPerIp: { points: 2, durationSec: 60 },
        failedSignInPerAccount: { points: 100, durationSec: 60 },
        signUpPerIp: { points: 2, durationSec: 60 },
      },
    })
    try {
      const b = strict.env.browser({ ip: '10.9.9.9' })
      await rejection(b.caller.auth.signIn({ email: uniqueEmail(), password: 'x' }))
      await rejection(b.caller.auth.signIn({ email: uniqueEmail(), password: 'x' }))
      const third = await rejection(b.caller.auth.signIn({ email: uniqueEmail(), password: 'x' }))
      expect(appCode(third)).toBe('RATE_LIMITED')
      await b.caller.auth.signUp({ email: uniqueEmail(), password: 'correct horse battery' })
      await b.caller.auth.signUp({ email: uniqueEmail(), password: 'correct horse battery' })
      const signUp = await rejection(
        b.caller.auth.signUp({ email: uniqueEmail(), password: 'correct horse battery' }),
      )
      expect(appCode(signUp)).toBe('RATE_LIMITED')
    } finally {
      await strict.close()
    }
  })
})

describe('password change', () => {
  async function signedIn() {
    const email = uniqueEmail()
    const b = env.browser()
    await b.caller.auth.signUp({ email, password: 'correct horse battery' })
    return { b, email }
  }

  it('changes the password, ends other sessions and keeps this browser signed in', async () => {
    const { b, email } = await signedIn()
    const other = env.browser()
    await other.caller.auth.signIn({ email, password: 'correct horse battery' })
    await b.caller.account.changePassword({
      currentPassword: 'correct horse battery',
      newPassword: 'new strong password',
      confirmPassword: 'new strong password',
    })
    expect(await other.caller.auth.getProfile()).toBeNull()
    expect(await b.caller.auth.getProfile()).toMatchObject({ email })
    const fresh = env.browser()
    await rejection(fresh.caller.auth.signIn({ email, password: 'correct horse battery' }))
    await fresh.caller.auth.signIn({ email, password: 'new strong password' })
  })

  it('refuses a wrong current password, a mismatch and a short password, changing nothing', async () => {
    const { b, email } = await signedIn()
    const cases = [
      [
        {
          currentPassword: 'wrong current 1',
          newPassword: 'new strong password',
          confirmPassword: 'new strong password',
        },
        'WRONG_CURRENT_PASSWORD',
      ],
      [
        {
          currentPassword: 'correct horse battery',
          newPassword: 'new strong password',
          confirmPassword: 'different password',
        },
        'PASSWORD_MISMATCH',
      ],
      [
        {
          currentPassword: 'correct horse battery',
          newPassword: 'short',
          confirmPassword: 'short',
        },
        'PASSWORD_TOO_SHORT',
      ],
    ] as const
    for (const [input, code] of cases) {
      const err = await rejection(b.caller.account.changePassword(input))
      expect(appCode(err)).toBe(code)
    }
    expect(await b.caller.auth.getProfile()).toMatchObject({ email })
    await env.browser().caller.auth.signIn({ email, password: 'correct horse battery' })
  })

  it('needs a signed-in user', async () => {
    const err = await rejection(
      env.browser().caller.account.changePassword({
        currentPassword: 'a',
        newPassword: 'b',
        confirmPassword: 'b',
      }),
    )
    expect(err.code).toBe('UNAUTHORIZED')
  })
})
