/**
 * What asks for the account's secrets again: changing the password, turning two-factor sign-in
 * off, new recovery codes, and the confirmations before money leaves or the seed words are
 * shown. Each try is limited (`rate-limits.ts`) before any slow password hash.
 */
import type { PasskeyAssertion } from '@app/domain'
import { DomainError } from '../../lib/errors'
import type { PasskeyService } from '../passkeys'
import type { SecurityNotices } from '../../mail/security-notices'
import type { AuthLimits } from './rate-limits'
import type { AuthRepo } from './repo'
import { PASSWORD_MIN_LENGTH, hashPassword, verifyPassword } from './passwords'
import type { ClientInfo, NewSession, Sessions } from './sessions'
import type { TwoFactor } from './two-factor'

export function createConfirmations(deps: {
  repo: AuthRepo
  limits: AuthLimits
  twoFactor: TwoFactor
  sessions: Sessions
  passkeys?: Pick<PasskeyService, 'verifyStepUp'>
  /** mails `password-changed` to the account in the change's transaction */
  notices?: SecurityNotices
}) {
  const { repo, limits, twoFactor, sessions } = deps

  /**
   * The second factor of a confirmation: a passkey's answer to the session's step-up challenge
   * when given (limited as wrong codes are), else the code when two-factor sign-in is on.
   */
  async function secondFactor(input: {
    userId: string
    code?: string
    passkey?: PasskeyAssertion
    sessionIdHash?: string
    ip?: string
  }): Promise<void> {
    if (input.passkey === undefined || !deps.passkeys) {
      return twoFactor.verify(input.userId, input.code, input.ip)
    }
    if (!input.sessionIdHash) {
      throw new DomainError('PASSKEY_CHALLENGE_EXPIRED', 'Confirm with the passkey again')
    }
    await limits.beforeCode(input.userId, input.ip)
    await deps.passkeys.verifyStepUp({
      userId: input.userId,
      sessionIdHash: input.sessionIdHash,
      response: input.passkey,
    })
    await limits.succeededCode(input.userId)
  }

  /**
   * The account's password, or `wrong`: WRONG_CURRENT_PASSWORD beside a new password,
   * WRONG_PASSWORD when an act is confirmed with it (no other password is in sight there).
   */
  async function checkPassword(
    userId: string,
    password: string,
    wrong: 'WRONG_CURRENT_PASSWORD' | 'WRONG_PASSWORD' = 'WRONG_CURRENT_PASSWORD',
  ) {
    const user = await repo.findUserById(userId)
    if (!user) throw new DomainError('UNAUTHORIZED')
    if (!(await verifyPassword(password, user.passwordHash))) {
      throw new DomainError(wrong, 'The password is wrong')
    }
    return user
  }

  return {
    /**
     * Changes the password, ends every session of the user and starts a fresh one in place of
     * `sessionIdHash`, the one that asked (its open pages keep their live updates).
     */
    async changePassword(
      input: {
        userId: string
        sessionIdHash: string
        currentPassword: string
        newPassword: string
        confirmPassword: string
      } & ClientInfo,
    ): Promise<NewSession> {
      await limits.beforeChangePassword(input.userId)
      if (input.newPassword !== input.confirmPassword) {
        throw new DomainError('PASSWORD_MISMATCH', 'The new password and its confirmation differ')
      }
      if (input.newPassword.length < PASSWORD_MIN_LENGTH) {
        throw new DomainError('PASSWORD_TOO_SHORT', undefined, { min: PASSWORD_MIN_LENGTH })
      }
      const user = await checkPassword(input.userId, input.currentPassword)
      const passwordHash = await hashPassword(input.newPassword)
      await repo.transaction(async (trx) => {
        await repo.setPassword(user.id, passwordHash, trx)
        await deps.notices?.toAccount(trx, user.id, 'password-changed', { from: input.ip || null })
      })
      return sessions.replaceAll({ id: user.id, sessionIdHash: input.sessionIdHash }, input)
    },

    /** Turns two-factor sign-in off: the password and a code (or a recovery code) first. */
    async disableTwoFactor(input: { userId: string; password: string; code: string; ip?: string }) {
      if (!(await twoFactor.isEnabled(input.userId))) {
        throw new DomainError('TWO_FACTOR_NOT_ENABLED', 'Two-factor sign-in is off')
      }
      await limits.beforeChangePassword(input.userId)
      await checkPassword(input.userId, input.password)
      await twoFactor.verify(input.userId, input.code)
      // turned off by another request in the meantime: that one told the account
      if (!(await twoFactor.disable(input.userId, input.ip))) {
        throw new DomainError('TWO_FACTOR_NOT_ENABLED', 'Two-factor sign-in is off')
      }
    },

    /** New recovery codes for a code from the authenticator (or a recovery code). */
    async renewRecoveryCodes(input: { userId: string; code: string }) {
      if (!(await twoFactor.isEnabled(input.userId))) {
        throw new DomainError('TWO_FACTOR_NOT_ENABLED', 'Two-factor sign-in is off')
      }
      await twoFactor.verify(input.userId, input.code)
      return twoFactor.renewRecoveryCodes(input.userId)
    },

    /**
     * Before money leaves (a withdrawal): the account password (wrong ones limited per user),
     * and the second factor when the user has it on, or a passkey's answer to the session's
     * step-up challenge in its place.
     */
    async confirmWithPassword(input: {
      userId: string
      password: string
      code?: string
      passkey?: PasskeyAssertion
      sessionIdHash?: string
      ip?: string
    }): Promise<void> {
      await limits.beforeConfirmPassword(input.userId)
      await checkPassword(input.userId, input.password, 'WRONG_PASSWORD')
      await limits.succeededConfirmPassword(input.userId)
      await secondFactor(input)
    },

    /**
     * Before the seed words are shown: limited per user and per business, and the second
     * factor again when the user has it on.
     */
    async guardSeedReveal(input: { userId: string; businessId: string; code?: string }) {
      await limits.beforeRevealSeed(input.userId, input.businessId)
      await twoFactor.verify(input.userId, input.code)
    },
    /** The seed words were shown: only failed reveals count towards the limits. */
    seedRevealed: (userId: string, businessId: string) =>
      limits.succeededRevealSeed(userId, businessId),
  }
}
