/**
 * Account recovery and the account's address: a forgotten password reset from a mailed link,
 * the address verified after sign-up, and a change of address confirmed from the new address and
 * reported to the old one. Every link carries a single-use token that is stored only as its hash,
 * expires, and is refused with a clear code when guessed, used or expired.
 *
 * A reset ends every session of the account and signs no one in: the next sign-in asks for the
 * second factor as before (recovery codes remain for a lost device).
 */
import { setTimeout as sleep } from 'node:timers/promises'
import type { Db } from '../../db/database'
import { DomainError } from '../../lib/errors'
import type { RateLimits } from '../../lib/rate-limit'
import { hashToken, newToken } from '../../lib/secrets'
import type { MailOutbox } from '../../mail/outbox'
import { mailLocale } from '../../mail/templates'
import { PASSWORD_MIN_LENGTH, hashPassword, verifyPassword } from '../auth'
import type { RecoveryRepo, TokenPurpose, TokenRow } from './repo'

export const RESET_VALID_MINUTES = 30
export const VERIFY_VALID_MINUTES = 3 * 24 * 60
export const CHANGE_VALID_MINUTES = 60
/** A reset request answers no sooner than this, account or not, so its time tells nothing. */
const REQUEST_FLOOR_MS = 400

const MINUTE = 60_000

/** The cookie the web remembers the chosen language in (i18next's name): mail is written in it. */
export const LANGUAGE_COOKIE = 'i18next'

export interface EmailStatus {
  email: string
  verified: boolean
  /** from when payouts need the address verified */
  dueAt: Date
  /** an address change waiting for its confirmation */
  pendingEmail: string | null
}

export function createRecoveryService(deps: {
  db: Db
  repo: RecoveryRepo
  mail: MailOutbox
  limits: RateLimits
  publicUrl: string
  /** ends every session of the user (and their open subscriptions) */
  endAllSessions(userId: string): Promise<unknown>
  now?: () => Date
  log?: (msg: string, err?: unknown) => void
}) {
  const { db, repo, mail, limits } = deps
  const now = deps.now ?? (() => new Date())
  const link = (path: string, token: string) => `${deps.publicUrl}/link/${path}/${token}`

  /** The token's row when it can be used now; otherwise the clear refusal. */
  function usable(row: TokenRow | undefined): TokenRow {
    if (!row) throw new DomainError('ACCOUNT_LINK_INVALID', 'This link is not valid')
    if (row.usedAt) throw new DomainError('ACCOUNT_LINK_USED', 'This link was already used')
    if (row.expiresAt.getTime() <= now().getTime()) {
      throw new DomainError('ACCOUNT_LINK_EXPIRED', 'This link has expired')
    }
    return row
  }

  /**
   * Uses a token up and does its work, in one transaction (two uses at once: one wins). Callers
   * count the try against `accountLinksPerIp` first: guesses are limited before any look-up.
   */
  async function redeem<T>(
    token: string,
    purpose: TokenPurpose,
    work: (trx: Db, row: TokenRow) => Promise<T>,
  ): Promise<T> {
    const tokenHash = hashToken(token.trim())
    return db.transaction().execute(async (trx) => {
      const row = usable(await repo.lockToken(trx, tokenHash, purpose))
      await repo.useToken(trx, tokenHash)
      return work(trx, row)
    })
  }

  async function newLink(
    trx: Db,
    user: { id: string },
    purpose: TokenPurpose,
    email: string,
    minutes: number,
  ): Promise<string> {
    const token = newToken()
    await repo.insertToken(trx, {
      tokenHash: hashToken(token),
      userId: user.id,
      purpose,
      email,
      expiresAt: new Date(now().getTime() + minutes * MINUTE),
    })
    return token
  }

  async function sendVerification(userId: string): Promise<void> {
    const user = await repo.userById(userId)
    if (!user || user.emailVerifiedAt) return
    await db.transaction().execute(async (trx) => {
      const token = await newLink(trx, user, 'verify_email', user.email, VERIFY_VALID_MINUTES)
      await mail.enqueueMail(trx, {
        to: user.email,
        locale: user.locale,
        template: 'verify-email',
        data: { verifyUrl: link('verify-email', token) },
      })
    })
  }

  return {
    /**
     * "Forgot password": a reset link to the address if it has an account. The same answer, in
     * about the same time, whether it has or not; limited per client address and per address.
     */
    async requestPasswordReset(input: { email: string; ip: string }): Promise<void> {
      const started = Date.now()
      await limits.consume('accountMailsPerIp', input.ip)
      await limits.consume('accountMailsPerAddress', input.email.trim().toLowerCase())
      try {
        const user = await repo.userByEmail(input.email)
        if (user) {
          await db.transaction().execute(async (trx) => {
            const token = await newLink(
              trx,
              user,
              'password_reset',
              user.email,
              RESET_VALID_MINUTES,
            )
            await mail.enqueueMail(trx, {
              to: user.email,
              locale: user.locale,
              template: 'password-reset',
              data: {
                resetUrl: link('reset-password', token),
                expiresInMinutes: RESET_VALID_MINUTES,
              },
            })
          })
        }
      } finally {
        await sleep(Math.max(0, REQUEST_FLOOR_MS - (Date.now() - started)))
      }
    },

    /** Whether a reset link can still be used (the page says so before a password is typed). */
    async checkResetLink(input: { token: string; ip: string }): Promise<{ email: string }> {
      await limits.consume('accountLinksPerIp', input.ip)
      const row = usable(await repo.findToken(hashToken(input.token.trim()), 'password_reset'))
      // a link that works was no guess: only guesses count towards the limit
      await limits.forgive('accountLinksPerIp', input.ip)
      return { email: row.email }
    },

    /**
     * A new password from a reset link: the link is used up, every session of the account ends,
     * and nobody is signed in (the next sign-in asks for the second factor if it is on).
     */
    async resetPassword(input: {
      token: string
      password: string
      confirmPassword: string
      ip: string
    }): Promise<{ email: string }> {
      await limits.consume('accountLinksPerIp', input.ip)
      if (input.password !== input.confirmPassword) {
        throw new DomainError('PASSWORD_MISMATCH', 'The passwords differ')
      }
      if (input.password.length < PASSWORD_MIN_LENGTH) {
        throw new DomainError('PASSWORD_TOO_SHORT', undefined, { min: PASSWORD_MIN_LENGTH })
      }
      const passwordHash = await hashPassword(input.password)
      const done = await redeem(input.token, 'password_reset', async (trx, row) => {
        const user = await repo.userById(row.userId, trx)
        if (!user) throw new DomainError('ACCOUNT_LINK_INVALID', 'This link is not valid')
        await repo.setPasswordFromReset(trx, user.id, passwordHash)
        await mail.enqueueMail(trx, {
          to: user.email,
          locale: user.locale,
          template: 'security-notice',
          data: { event: 'password-changed', at: now().toISOString(), from: input.ip },
        })
        return user
      })
      await limits.forgive('accountLinksPerIp', input.ip)
      await deps.endAllSessions(done.id)
      return { email: done.email }
    },

    /** After sign-up: the language mail is written in, and the verification mail. */
    async afterSignUp(userId: string, locale: string | undefined): Promise<void> {
      try {
        if (locale) await repo.setLocale(userId, mailLocale(locale))
        await sendVerification(userId)
      } catch (err) {
        // the account exists: the mail is asked for again from the dashboard's notice
        deps.log?.('verification mail', err)
      }
    },

    /** The browser's language choice, remembered for mail (at sign-in). */
    async rememberLocale(userId: string, locale: string | undefined): Promise<void> {
      if (locale) await repo.setLocale(userId, mailLocale(locale))
    },

    /** Another verification mail, limited per user and per client address. */
    async resendVerification(input: { userId: string; ip: string }): Promise<void> {
      await limits.consume('accountMailsPerIp', input.ip)
      await limits.consume('accountMailsPerAddress', input.userId)
      await sendVerification(input.userId)
    },

    /** The link of the verification mail: the address is verified (any browser may open it). */
    async verifyEmail(input: { token: string; ip: string }): Promise<{ email: string }> {
      await limits.consume('accountLinksPerIp', input.ip)
      const verified = await redeem(input.token, 'verify_email', async (trx, row) => {
        // an address changed since the mail was sent is not verified by the old link
        if (!(await repo.markVerified(trx, row.userId, row.email))) {
          throw new DomainError('ACCOUNT_LINK_INVALID', 'This link is for another address')
        }
        return { email: row.email }
      })
      // a link that worked was no guess: only guesses count towards the limit
      await limits.forgive('accountLinksPerIp', input.ip)
      return verified
    },

    async emailStatus(userId: string): Promise<EmailStatus> {
      const user = await repo.userById(userId)
      if (!user) throw new DomainError('UNAUTHORIZED')
      return {
        email: user.email,
        verified: user.emailVerifiedAt !== null,
        dueAt: user.emailVerificationDueAt,
        pendingEmail: await repo.pendingEmail(userId),
      }
    },

    /**
     * A change of address, asked with the password: a confirmation link to the new address; the
     * account keeps the old one until the link is opened.
     */
    async requestEmailChange(input: {
      userId: string
      newEmail: string
      password: string
      ip: string
    }): Promise<void> {
      const newEmail = input.newEmail.trim()
      await limits.consume('confirmPasswordPerUser', input.userId)
      const user = await repo.userById(input.userId)
      if (!user) throw new DomainError('UNAUTHORIZED')
      if (!(await verifyPassword(input.password, user.passwordHash))) {
        throw new DomainError('WRONG_PASSWORD', 'The password is wrong')
      }
      await limits.reset('confirmPasswordPerUser', input.userId)
      if (newEmail.toLowerCase() === user.email.toLowerCase()) {
        throw new DomainError('EMAIL_UNCHANGED', 'This is already the account’s address')
      }
      const taken = await repo.userByEmail(newEmail)
      if (taken) throw new DomainError('EMAIL_TAKEN', 'An account with this email already exists')
      await limits.consume('accountMailsPerAddress', newEmail.toLowerCase())
      await db.transaction().execute(async (trx) => {
        const token = await newLink(trx, user, 'change_email', newEmail, CHANGE_VALID_MINUTES)
        await mail.enqueueMail(trx, {
          to: newEmail,
          locale: user.locale,
          template: 'email-change-confirm',
          data: {
            confirmUrl: link('confirm-email', token),
            newEmail,
            expiresInMinutes: CHANGE_VALID_MINUTES,
          },
        })
      })
    },

    /** The link sent to the new address: the change is made, and the old address is told. */
    async confirmEmailChange(input: { token: string; ip: string }): Promise<{ email: string }> {
      await limits.consume('accountLinksPerIp', input.ip)
      try {
        const changed = await redeem(input.token, 'change_email', async (trx, row) => {
          const user = await repo.userById(row.userId, trx)
          if (!user) throw new DomainError('ACCOUNT_LINK_INVALID', 'This link is not valid')
          if (!(await repo.changeEmail(trx, user.id, row.email))) {
            throw new DomainError('EMAIL_TAKEN', 'An account with this email already exists')
          }
          await mail.enqueueMail(trx, {
            to: user.email,
            locale: user.locale,
            template: 'email-changed',
            data: { newEmail: row.email },
          })
          return { email: row.email }
        })
        await limits.forgive('accountLinksPerIp', input.ip)
        return changed
      } catch (err) {
        // the unique index on addresses: taken by a sign-up at the same moment
        if ((err as { code?: unknown }).code === '23505') {
          throw new DomainError('EMAIL_TAKEN', 'An account with this email already exists')
        }
        throw err
      }
    },

    /**
     * EMAIL_NOT_VERIFIED unless the user's address is verified: for acts that need a verified
     * address (sending invitations).
     */
    async requireVerifiedEmail(userId: string): Promise<void> {
      const user = await repo.userById(userId)
      if (!user?.emailVerifiedAt) {
        throw new DomainError('EMAIL_NOT_VERIFIED', 'Confirm your email address first')
      }
    },

    /**
     * For payouts: a verified address, or an account from before verification still within its
     * grace period (`email_verification_due_at`, 14 days after the upgrade).
     */
    async requireVerifiedForPayout(userId: string): Promise<void> {
      const user = await repo.userById(userId)
      if (!user) throw new DomainError('UNAUTHORIZED')
      if (user.emailVerifiedAt) return
      if (user.emailVerificationDueAt.getTime() > now().getTime()) return
      throw new DomainError('EMAIL_NOT_VERIFIED', 'Confirm your email address to send payouts')
    },
  }
}

export type RecoveryService = ReturnType<typeof createRecoveryService>
