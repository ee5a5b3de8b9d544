/**
 * Limits on sign-in and sign-up (`lib/rate-limit.ts`): per client IP for both, and per account
 * for failed sign-ins (a lockout). The same store limits what guesses a secret online:
 * second-factor codes per user, password changes per user, and revealing seed words per user
 * and per business.
 */
import type pg from 'pg'
import { createRateLimits, limitOf, type Limit } from '../../lib/rate-limit'

export interface AuthLimitsConfig {
  signInPerIp: Limit
  failedSignInPerAccount: Limit
  signUpPerIp: Limit
  /** wrong second-factor codes (sign-in, seed words, disabling) per user */
  failedCodesPerUser?: Limit
  /** password changes tried per user */
  changePasswordPerUser?: Limit
  /** failed seed word reveals per user, and per business */
  revealSeedPerUser?: Limit
  revealSeedPerBusiness?: Limit
  /** password confirmations before money leaves (withdrawals) per user; forgiven when right */
  confirmPasswordPerUser?: Limit
}

export const DEFAULT_AUTH_LIMITS: Required<AuthLimitsConfig> = {
  signInPerIp: limitOf('signInPerIp'),
  failedSignInPerAccount: limitOf('failedSignInPerAccount'),
  signUpPerIp: limitOf('signUpPerIp'),
  failedCodesPerUser: limitOf('failedCodesPerUser'),
  changePasswordPerUser: limitOf('changePasswordPerUser'),
  revealSeedPerUser: limitOf('revealSeedPerUser'),
  revealSeedPerBusiness: limitOf('revealSeedPerBusiness'),
  confirmPasswordPerUser: limitOf('confirmPasswordPerUser'),
}

const accountKey = (email: string) => email.trim().toLowerCase()

export function createAuthLimits(pool: pg.Pool, given: AuthLimitsConfig = DEFAULT_AUTH_LIMITS) {
  const limits = createRateLimits(pool, given)
  return {
    /**
     * Charges the client's address and the account before the password is checked, so guesses
     * sent at the same time are counted as they arrive and none gets past a spent limit.
     */
    async beforeSignIn(ip: string, email: string): Promise<void> {
      await limits.consume('signInPerIp', ip)
      await limits.consume('failedSignInPerAccount', accountKey(email))
    },
    /** The right password: the account's failures (this attempt included) are forgotten. */
    async succeededSignIn(email: string): Promise<void> {
      await limits.reset('failedSignInPerAccount', accountKey(email))
    },
    /** A passkey sign-in: counted against the client's address as a password sign-in is. */
    async beforePasskeySignIn(ip: string): Promise<void> {
      await limits.consume('signInPerIp', ip)
    },
    async beforeSignUp(ip: string): Promise<void> {
      await limits.consume('signUpPerIp', ip)
    },
    /**
     * A second-factor code is about to be checked: charged first (concurrent guesses count),
     * forgiven when the code was right. The sign-in step also counts against the address.
     */
    async beforeCode(userId: string, ip?: string): Promise<void> {
      if (ip !== undefined) await limits.consume('signInPerIp', ip)
      await limits.consume('failedCodesPerUser', userId)
    },
    async succeededCode(userId: string): Promise<void> {
      await limits.reset('failedCodesPerUser', userId)
    },
    /** Every try counts, right or wrong: each costs a slow password hash. */
    async beforeChangePassword(userId: string): Promise<void> {
      await limits.consume('changePasswordPerUser', userId)
    },
    /** A password confirmation: charged first (concurrent guesses count), forgiven when right. */
    async beforeConfirmPassword(userId: string): Promise<void> {
      await limits.consume('confirmPasswordPerUser', userId)
    },
    async succeededConfirmPassword(userId: string): Promise<void> {
      await limits.reset('confirmPasswordPerUser', userId)
    },
    async beforeRevealSeed(userId: string, businessId: string): Promise<void> {
      await limits.consume('revealSeedPerUser', userId)
      await limits.consume('revealSeedPerBusiness', businessId)
    },
    /** The seed words were shown: this reveal counts for neither the user nor the business. */
    async succeededRevealSeed(userId: string, businessId: string): Promise<void> {
      await limits.forgive('revealSeedPerUser', userId)
      await limits.forgive('revealSeedPerBusiness', businessId)
    },
  }
}

export type AuthLimits = ReturnType<typeof createAuthLimits>
