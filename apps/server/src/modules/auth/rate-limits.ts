/**
 * Limits on sign-in and sign-up, kept in PostgreSQL so every server instance shares them:
 * per client IP for both, and per account for failed sign-ins (a lockout). The same store limits
 * what guesses a secret online: second-factor codes per user, password changes per user, and
 * revealing seed words per user and per business.
 */
import type pg from 'pg'
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible'
import { RateLimitedError } from '../../lib/errors'

export interface Limit {
  points: number
  durationSec: number
}

export interface AuthLimitsConfig {
  signInPerIp: Limit
  failedSignInPerAccount: Limit
  signUpPerIp: Limit
  /** wrong second-factor codes (sign-in, seed words, disabling) per user */
  failedCodesPerUser?: Limit
  /** password changes tried per user */
  changePasswordPerUser?: Limit
  /** seed word reveals tried per user, and per business */
  revealSeedPerUser?: Limit
  revealSeedPerBusiness?: Limit
  /** password confirmations before money leaves (withdrawals) per user; forgiven when right */
  confirmPasswordPerUser?: Limit
}

export const DEFAULT_AUTH_LIMITS: Required<AuthLimitsConfig> = {
  signInPerIp: { points: 30, durationSec: 15 * 60 },
  failedSignInPerAccount: { points: 5, durationSec: 15 * 60 },
  signUpPerIp: { points: 10, durationSec: 60 * 60 },
  failedCodesPerUser: { points: 5, durationSec: 15 * 60 },
  changePasswordPerUser: { points: 5, durationSec: 15 * 60 },
  revealSeedPerUser: { points: 5, durationSec: 15 * 60 },
  revealSeedPerBusiness: { points: 10, durationSec: 15 * 60 },
  confirmPasswordPerUser: { points: 5, durationSec: 15 * 60 },
}

function limiter(pool: pg.Pool, keyPrefix: string, cfg: Limit) {
  return new RateLimiterPostgres({
    storeClient: pool,
    tableName: 'rate_limits',
    tableCreated: true,
    clearExpiredByTimeout: false,
    keyPrefix,
    points: cfg.points,
    duration: cfg.durationSec,
    blockDuration: cfg.durationSec,
  })
}

function retryAfter(res: RateLimiterRes): number {
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000))
}

/** Consumes a point; a spent limiter answers with the domain error instead of throwing its own. */
async function consume(l: RateLimiterPostgres, key: string): Promise<void> {
  try {
    await l.consume(key)
  } catch (e) {
    if (e instanceof RateLimiterRes) throw new RateLimitedError(retryAfter(e))
    throw e
  }
}

const accountKey = (email: string) => email.trim().toLowerCase()

export function createAuthLimits(pool: pg.Pool, given: AuthLimitsConfig = DEFAULT_AUTH_LIMITS) {
  const cfg: Required<AuthLimitsConfig> = { ...DEFAULT_AUTH_LIMITS, ...given }
  const signInIp = limiter(pool, 'signin_ip', cfg.signInPerIp)
  const signInAccount = limiter(pool, 'signin_acct', cfg.failedSignInPerAccount)
  const signUpIp = limiter(pool, 'signup_ip', cfg.signUpPerIp)
  const codeUser = limiter(pool, 'code_user', cfg.failedCodesPerUser)
  const changePasswordUser = limiter(pool, 'chpw_user', cfg.changePasswordPerUser)
  const revealSeedUser = limiter(pool, 'seed_user', cfg.revealSeedPerUser)
  const revealSeedBusiness = limiter(pool, 'seed_business', cfg.revealSeedPerBusiness)
  const confirmPasswordUser = limiter(pool, 'confirm_pw_user', cfg.confirmPasswordPerUser)
  return {
    /**
     * Charges the client's address and the account before the password is checked, so guesses
     * sent at the same time are counted as they arrive and none gets past a spent limit.
     */
    async beforeSignIn(ip: string, email: string): Promise<void> {
      await consume(signInIp, ip)
      await consume(signInAccount, accountKey(email))
    },
    /** The right password: the account's failures (this attempt included) are forgotten. */
    async succeededSignIn(email: string): Promise<void> {
      await signInAccount.delete(accountKey(email))
    },
    async beforeSignUp(ip: string): Promise<void> {
      await consume(signUpIp, ip)
    },
    /**
     * A second-factor code is about to be checked: charged first (concurrent guesses count),
     * forgiven when the code was right. The sign-in step also counts against the address.
     */
    async beforeCode(userId: string, ip?: string): Promise<void> {
      if (ip !== undefined) await consume(signInIp, ip)
      await consume(codeUser, userId)
    },
    async succeededCode(userId: string): Promise<void> {
      await codeUser.delete(userId)
    },
    /** Every try counts, right or wrong: each costs a slow password hash. */
    async beforeChangePassword(userId: string): Promise<void> {
      await consume(changePasswordUser, userId)
    },
    /** A password confirmation: charged first (concurrent guesses count), forgiven when right. */
    async beforeConfirmPassword(userId: string): Promise<void> {
      await consume(confirmPasswordUser, userId)
    },
    async succeededConfirmPassword(userId: string): Promise<void> {
      await confirmPasswordUser.delete(userId)
    },
    async beforeRevealSeed(userId: string, businessId: string): Promise<void> {
      await consume(revealSeedUser, userId)
      await consume(revealSeedBusiness, businessId)
    },
  }
}

export type AuthLimits = ReturnType<typeof createAuthLimits>
