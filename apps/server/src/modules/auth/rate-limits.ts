/**
 * Limits on sign-in and sign-up, kept in PostgreSQL so every server instance shares them:
 * per client IP for both, and per account for failed sign-ins (a lockout).
 */
import type pg from 'pg'
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible'
import { RateLimitedError } from '../../lib/errors'

export interface AuthLimitsConfig {
  signInPerIp: { points: number; durationSec: number }
  failedSignInPerAccount: { points: number; durationSec: number }
  signUpPerIp: { points: number; durationSec: number }
}

export const DEFAULT_AUTH_LIMITS: AuthLimitsConfig = {
  signInPerIp: { points: 30, durationSec: 15 * 60 },
  failedSignInPerAccount: { points: 5, durationSec: 15 * 60 },
  signUpPerIp: { points: 10, durationSec: 60 * 60 },
}

function limiter(pool: pg.Pool, keyPrefix: string, cfg: { points: number; durationSec: number }) {
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

export function createAuthLimits(pool: pg.Pool, cfg: AuthLimitsConfig = DEFAULT_AUTH_LIMITS) {
  const signInIp = limiter(pool, 'signin_ip', cfg.signInPerIp)
  const signInAccount = limiter(pool, 'signin_acct', cfg.failedSignInPerAccount)
  const signUpIp = limiter(pool, 'signup_ip', cfg.signUpPerIp)
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
  }
}

export type AuthLimits = ReturnType<typeof createAuthLimits>
