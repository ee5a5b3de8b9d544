/**
 * Account recovery and the account's address, by real mail (a test SMTP server, read with
 * mailparser): a forgotten password reset from its link (single use, 30 minutes, stored hashed,
 * the same answer for an unknown address, limited), ending every session and keeping the second
 * factor; the address verified after sign-up in the browser's language; payouts needing a
 * verified address (with the grace period of accounts older than verification); a change of
 * address confirmed from the new address and reported to the old one.
 */
import { randomBytes } from 'node:crypto'
import { Secret, TOTP } from 'otpauth'
import { afterAll, describe, expect, it } from 'vitest'
import { hashToken } from '../src/lib/secrets'
import { appCode, rejection, until } from './assertions'
import { scenario, uniqueEmail, type TestBrowser } from './harness'
import { startTestSmtp } from './mail-support'
import { migratedTo, seedOwner } from './migration-support'

const password = 'correct horse battery'
const smtp = await startTestSmtp()
const t = await scenario({
  env: { SMTP_URL: smtp.url, MAIL_FROM: 'Test Pay <no-reply@pay.example>', BRAND_NAME: 'Test Pay' },
})
afterAll(async () => {
  await t.close()
  await smtp.close()
})
const { env } = t
const db = env.database.db
const publicUrl = env.config.publicUrl

/** A browser of its own address (the limits count per address). */
const browser = (opts: { lang?: string } = {}): TestBrowser => {
  const b = env.browser({ ip: `10.${randomBytes(3).join('.')}` })
  if (opts.lang) b.cookies.set('i18next', opts.lang)
  return b
}

async function signedUp(opts: { lang?: string } = {}) {
  const b = browser(opts)
  const email = uniqueEmail('acct')
  const { id } = await b.caller.auth.signUp({ email, password })
  return { b, email, id }
}

const tokenOf = (link: string) => link.split('/').pop()!

/** The link of the `n`th reset mail to `email` (waited for). */
async function resetLink(email: string, n = 1): Promise<string> {
  const resets = await until(
    () =>
      Promise.resolve(
        smtp.received
          .filter((r) => r.to.includes(email) && r.parsed.text?.includes('/reset-password/'))
          .map((r) => r.parsed),
      ),
    (m) => m.length >= n,
    `reset mail ${n} to ${email}`,
    20_000,
  )
  return smtp.linkIn(resets[n - 1]!, `${publicUrl}/link/reset-password/`)
}

describe('a forgotten password', () => {
  it('is reset from the mailed link once; every session ends; the old password stops working', async () => {
    const { b, email, id } = await signedUp({ lang: 'es' })
    const other = browser()
    await other.caller.auth.signIn({ email, password })
    expect(await other.caller.auth.getProfile()).not.toBeNull()

    const asker = browser()
    expect(
      await asker.caller.recovery.requestPasswordReset({ email: email.toUpperCase() }),
    ).toEqual({
      ok: true,
    })
    const link = await resetLink(email)
    const [mail] = (await smtp.mailsTo(email)).filter((m) => m.text?.includes('/reset-password/'))
    expect(mail!.subject).toBe('Restablece tu contraseña · Test Pay')
    expect(mail!.html).toContain(`href="${link}"`)
    const token = tokenOf(link)
    // stored as its hash only
    const rows = await db.selectFrom('accountTokens').selectAll().where('userId', '=', id).execute()
    expect(rows.some((r) => r.tokenHash === hashToken(token))).toBe(true)
    expect(JSON.stringify(rows)).not.toContain(token)

    expect(await asker.caller.recovery.checkResetLink({ token })).toEqual({ email })
    const mismatch = await rejection(
      asker.caller.recovery.resetPassword({
        token,
        password: 'new password 1',
        confirmPassword: 'x',
      }),
    )
    expect(appCode(mismatch)).toBe('PASSWORD_MISMATCH')
    const short = await rejection(
      asker.caller.recovery.resetPassword({ token, password: 'short', confirmPassword: 'short' }),
    )
    expect(appCode(short)).toBe('PASSWORD_TOO_SHORT')

    const newPassword = 'a brand new password'
    await asker.caller.recovery.resetPassword({
      token,
      password: newPassword,
      confirmPassword: newPassword,
    })
    // not signed in by the reset; both earlier sessions ended
    expect(await asker.caller.auth.getProfile()).toBeNull()
    expect(await b.caller.auth.getProfile()).toBeNull()
    expect(await other.caller.auth.getProfile()).toBeNull()
    const old = await rejection(browser().caller.auth.signIn({ email, password }))
    expect(appCode(old)).toBe('INVALID_CREDENTIALS')
    const fresh = browser()
    expect(await fresh.caller.auth.signIn({ email, password: newPassword })).toMatchObject({
      step: 'signedIn',
    })
    // the reset proved the address
    expect((await fresh.caller.recovery.emailStatus()).verified).toBe(true)

    // used once
    const reused = await rejection(
      asker.caller.recovery.resetPassword({ token, password: password, confirmPassword: password }),
    )
    expect(appCode(reused)).toBe('ACCOUNT_LINK_USED')
    expect(appCode(await rejection(asker.caller.recovery.checkResetLink({ token })))).toBe(
      'ACCOUNT_LINK_USED',
    )
    // and the account told, in Spanish (beside its other mails: verification, new sign-ins)
    const changed = 'Tu contraseña ha cambiado · Test Pay'
    const notices = await until(
      () => smtp.mailsTo(email),
      (ms) => ms.some((m) => m.subject === changed),
      'the password-changed notice',
      20_000,
    )
    expect(notices.filter((m) => m.subject === changed)).toHaveLength(1)
  })

  it('gives the same answer for an address without an account, sends nothing, and takes as long', async () => {
    const { email } = await signedUp()
    const asker = browser()
    const nobody = uniqueEmail('nobody')
    let started = Date.now()
    const unknown = await asker.caller.recovery.requestPasswordReset({ email: nobody })
    const unknownMs = Date.now() - started
    started = Date.now()
    const known = await asker.caller.recovery.requestPasswordReset({ email })
    const knownMs = Date.now() - started
    expect(unknown).toEqual(known)
    expect(unknownMs).toBeGreaterThanOrEqual(390)
    expect(knownMs).toBeGreaterThanOrEqual(390)
    expect(Math.abs(unknownMs - knownMs)).toBeLessThan(250)
    await resetLink(email)
    expect(smtp.received.filter((r) => r.to.includes(nobody))).toHaveLength(0)
  })

  it('refuses a guessed, an expired and a replaced link, changing nothing', async () => {
    const { email, id } = await signedUp()
    const asker = browser()
    const guessed = await rejection(
      asker.caller.recovery.resetPassword({
        token: randomBytes(32).toString('base64url'),
        password: 'whatever password',
        confirmPassword: 'whatever password',
      }),
    )
    expect(appCode(guessed)).toBe('ACCOUNT_LINK_INVALID')

    await asker.caller.recovery.requestPasswordReset({ email })
    const first = tokenOf(await resetLink(email, 1))
    await db
      .updateTable('accountTokens')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('tokenHash', '=', hashToken(first))
      .execute()
    const expired = await rejection(
      asker.caller.recovery.resetPassword({
        token: first,
        password: 'whatever password',
        confirmPassword: 'whatever password',
      }),
    )
    expect(appCode(expired)).toBe('ACCOUNT_LINK_EXPIRED')

    // a second request replaces the first link
    await db
      .updateTable('accountTokens')
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where('tokenHash', '=', hashToken(first))
      .execute()
    await asker.caller.recovery.requestPasswordReset({ email })
    const second = tokenOf(await resetLink(email, 2))
    expect(second).not.toBe(first)
    const replaced = await rejection(
      asker.caller.recovery.resetPassword({
        token: first,
        password: 'whatever password',
        confirmPassword: 'whatever password',
      }),
    )
    expect(appCode(replaced)).toBe('ACCOUNT_LINK_USED')
    // the password is as it was
    expect(await browser().caller.auth.signIn({ email, password })).toMatchObject({
      step: 'signedIn',
    })
    const user = await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()
    expect(user).toBeDefined()
  })

  it('still asks for the second factor after a reset', async () => {
    const { b, email } = await signedUp()
    const { secret } = await b.caller.account.twoFactor.start()
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 })
    await b.caller.account.twoFactor.confirm({ code: totp.generate() })
    const asker = browser()
    await asker.caller.recovery.requestPasswordReset({ email })
    const token = tokenOf(await resetLink(email))
    const newPassword = 'another new password'
    await asker.caller.recovery.resetPassword({
      token,
      password: newPassword,
      confirmPassword: newPassword,
    })
    const next = await browser().caller.auth.signIn({ email, password: newPassword })
    expect(next.step).toBe('code')
  })

  it('is limited per client address and per address', async () => {
    const asker = browser()
    const target = uniqueEmail('flooded')
    for (let i = 0; i < 3; i++) await asker.caller.recovery.requestPasswordReset({ email: target })
    const perAddress = await rejection(
      browser().caller.recovery.requestPasswordReset({ email: target }),
    )
    expect(appCode(perAddress)).toBe('RATE_LIMITED')
    const guesser = browser()
    let refused = null
    for (let i = 0; i < 31 && !refused; i++) {
      const r = await rejection(
        guesser.caller.recovery.checkResetLink({ token: randomBytes(32).toString('base64url') }),
      )
      if (appCode(r) === 'RATE_LIMITED') refused = i
    }
    expect(refused).toBe(30)
  })

  it('counts guesses only: a reset or address link that works is forgiven', async () => {
    const { b, email } = await signedUp()
    await browser().caller.recovery.requestPasswordReset({ email })
    const reset = tokenOf(await resetLink(email))
    const newEmail = uniqueEmail('forgiven')
    await b.caller.recovery.requestEmailChange({ newEmail, password })
    const [confirm] = await smtp.mailsTo(newEmail)
    const change = tokenOf(smtp.linkIn(confirm!, `${publicUrl}/link/confirm-email/`))

    // one short of the limit in guesses, then links that work from the same address
    const guesser = browser()
    const guess = () =>
      rejection(
        guesser.caller.recovery.checkResetLink({ token: randomBytes(32).toString('base64url') }),
      )
    for (let i = 0; i < 29; i++) expect(appCode(await guess())).toBe('ACCOUNT_LINK_INVALID')
    for (let i = 0; i < 3; i++) {
      expect(await guesser.caller.recovery.checkResetLink({ token: reset })).toEqual({ email })
    }
    expect(
      await guesser.caller.recovery.resetPassword({
        token: reset,
        password: 'another horse battery',
        confirmPassword: 'another horse battery',
      }),
    ).toEqual({ email })
    expect(await guesser.caller.recovery.confirmEmailChange({ token: change })).toEqual({
      email: newEmail,
    })
    // the 30th guess is still let through, the 31st is not
    expect(appCode(await guess())).toBe('ACCOUNT_LINK_INVALID')
    expect(appCode(await guess())).toBe('RATE_LIMITED')
    // a used link is no longer forgiven: it counts like a guess
    const used = await rejection(guesser.caller.recovery.checkResetLink({ token: reset }))
    expect(appCode(used)).toBe('RATE_LIMITED')
  })
})

describe('the address', () => {
  it('is verified from the mail sent at sign-up, in the browser language', async () => {
    const { b, email } = await signedUp({ lang: 'de' })
    expect(await b.caller.recovery.emailStatus()).toMatchObject({ email, verified: false })
    const [mail] = await smtp.mailsTo(email)
    expect(mail!.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse · Test Pay')
    const link = smtp.linkIn(mail!, `${publicUrl}/link/verify-email/`)
    // opened in another browser, signed out
    expect(await browser().caller.recovery.verifyEmail({ token: tokenOf(link) })).toEqual({ email })
    expect(await b.caller.recovery.emailStatus()).toMatchObject({ verified: true })
    const again = await rejection(browser().caller.recovery.verifyEmail({ token: tokenOf(link) }))
    expect(appCode(again)).toBe('ACCOUNT_LINK_USED')
  })

  it('sends the verification again on request, the older link no longer working', async () => {
    const { b, email } = await signedUp()
    const first = smtp.linkIn((await smtp.mailsTo(email))[0]!, `${publicUrl}/link/verify-email/`)
    await b.caller.recovery.resendVerification()
    const second = smtp.linkIn(
      (await smtp.mailsTo(email, 2))[1]!,
      `${publicUrl}/link/verify-email/`,
    )
    expect(second).not.toBe(first)
    const old = await rejection(browser().caller.recovery.verifyEmail({ token: tokenOf(first) }))
    expect(appCode(old)).toBe('ACCOUNT_LINK_USED')
    await browser().caller.recovery.verifyEmail({ token: tokenOf(second) })
    // nothing more to send once verified
    await b.caller.recovery.resendVerification()
    expect((await b.caller.recovery.emailStatus()).verified).toBe(true)
  })

  it('must be verified for payouts (older accounts have a grace period) and invitations', async () => {
    const { id, email } = await signedUp()
    const businessId = '00000000-0000-4000-8000-000000000001'
    const precheck = () =>
      env.services.consent.precheck({
        actor: { businessId, userId: id },
        screen: [],
        amountSat: 1000,
      })
    await expect(precheck()).rejects.toMatchObject({ code: 'EMAIL_NOT_VERIFIED' })
    await expect(
      env.services.consent.authorize({
        action: 'withdrawal',
        actor: { businessId, userId: id },
        destination: 'x',
        screen: [],
        amountSat: 1000,
      }),
    ).rejects.toMatchObject({ code: 'EMAIL_NOT_VERIFIED' })
    await expect(env.services.recovery.requireVerifiedEmail(id)).rejects.toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
    })
    // an account from before verification: payouts go on until its due date
    await db
      .updateTable('users')
      .set({ emailVerificationDueAt: new Date(Date.now() + 86_400_000) })
      .where('id', '=', id)
      .execute()
    await expect(precheck()).resolves.toBeUndefined()
    await expect(env.services.recovery.requireVerifiedEmail(id)).rejects.toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
    })
    // verified: both
    const link = smtp.linkIn((await smtp.mailsTo(email))[0]!, `${publicUrl}/link/verify-email/`)
    await browser().caller.recovery.verifyEmail({ token: tokenOf(link) })
    await db
      .updateTable('users')
      .set({ emailVerificationDueAt: new Date() })
      .where('id', '=', id)
      .execute()
    await expect(precheck()).resolves.toBeUndefined()
    await expect(env.services.recovery.requireVerifiedEmail(id)).resolves.toBeUndefined()
  })

  it('changes when the new address confirms, and the old one is told', async () => {
    const { b, email, id } = await signedUp({ lang: 'fr' })
    const { email: takenEmail } = await signedUp()
    const newEmail = uniqueEmail('moved')
    const wrong = await rejection(
      b.caller.recovery.requestEmailChange({ newEmail, password: 'not the password' }),
    )
    expect(appCode(wrong)).toBe('WRONG_PASSWORD')
    const taken = await rejection(
      b.caller.recovery.requestEmailChange({ newEmail: takenEmail.toUpperCase(), password }),
    )
    expect(appCode(taken)).toBe('EMAIL_TAKEN')
    const same = await rejection(
      b.caller.recovery.requestEmailChange({ newEmail: email, password }),
    )
    expect(appCode(same)).toBe('EMAIL_UNCHANGED')

    await b.caller.recovery.requestEmailChange({ newEmail, password })
    expect(await b.caller.recovery.emailStatus()).toMatchObject({ email, pendingEmail: newEmail })
    const [confirm] = await smtp.mailsTo(newEmail)
    expect(confirm!.subject).toBe('Confirmez votre nouvelle adresse e-mail · Test Pay')
    const link = smtp.linkIn(confirm!, `${publicUrl}/link/confirm-email/`)
    const guessed = await rejection(
      browser().caller.recovery.confirmEmailChange({
        token: randomBytes(32).toString('base64url'),
      }),
    )
    expect(appCode(guessed)).toBe('ACCOUNT_LINK_INVALID')
    // the verification link of the old address no longer verifies anything
    const verify = smtp.linkIn((await smtp.mailsTo(email))[0]!, `${publicUrl}/link/verify-email/`)

    expect(await browser().caller.recovery.confirmEmailChange({ token: tokenOf(link) })).toEqual({
      email: newEmail,
    })
    expect(await b.caller.recovery.emailStatus()).toMatchObject({
      email: newEmail,
      verified: true,
      pendingEmail: null,
    })
    const told = (await smtp.mailsTo(email, 2)).find((m) => m.subject?.startsWith('Votre adresse'))
    expect(told?.subject).toBe('Votre adresse e-mail a été modifiée · Test Pay')
    expect(told?.text).toContain(newEmail)
    expect(await browser().caller.auth.signIn({ email: newEmail, password })).toMatchObject({
      step: 'signedIn',
    })
    const oldAddress = await rejection(browser().caller.auth.signIn({ email, password }))
    expect(appCode(oldAddress)).toBe('INVALID_CREDENTIALS')
    const stale = await rejection(browser().caller.recovery.verifyEmail({ token: tokenOf(verify) }))
    expect(appCode(stale)).toBe('ACCOUNT_LINK_INVALID')
    const user = await db
      .selectFrom('users')
      .select('email')
      .where('id', '=', id)
      .executeTakeFirst()
    expect(user?.email).toBe(newEmail)
  })
})

describe('the upgrade', () => {
  it('leaves existing accounts unverified with 14 days before payouts need it', async () => {
    const up = await migratedTo('0028-consent')
    const { userId } = await seedOwner(up.db, uniqueEmail('before'))
    await up.migrateToLatest()
    const row = await up.db
      .selectFrom('users')
      .select(['emailVerifiedAt', 'emailVerificationDueAt', 'locale'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
    expect(row.emailVerifiedAt).toBeNull()
    expect(row.locale).toBe('en')
    const days = (row.emailVerificationDueAt.getTime() - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(13.9)
    expect(days).toBeLessThan(14.1)
  })
})
