/**
 * Rate limits, kept in PostgreSQL's `rate_limits` table so every server instance shares them (in
 * memory where no pool is given). One table names every limit the platform keeps; a caller
 * consumes a point of a named limit for a key (an address, a user, a device...) and may give the
 * point back, or reset the key, when an attempt turned out right. A spent limit is refused with RATE_LIMITED carrying
 * the seconds to wait.
 */
import type pg from 'pg'
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible'
import { RateLimitedError } from './errors'

/** `points` attempts per `durationSec` seconds. */
export interface Limit {
  points: number
  durationSec: number
}

interface NamedLimit extends Limit {
  /** what the limit's keys start with in the table */
  prefix: string
  /** a spent limit stays refused for a whole period from the refusal, not only until its window ends */
  blocks: boolean
}

const MINUTE = 60
const QUARTER_HOUR = 15 * MINUTE

/** Every limit, with its policy. */
export const RATE_LIMITS = {
  /** sign-in tries (passwords and codes) per client address */
  signInPerIp: { prefix: 'signin_ip', points: 30, durationSec: QUARTER_HOUR, blocks: true },
  /** sign-in tries per account; the right password forgives them */
  failedSignInPerAccount: {
    prefix: 'signin_acct',
    points: 5,
    durationSec: QUARTER_HOUR,
    blocks: true,
  },
  /** sign-ups per client address */
  signUpPerIp: { prefix: 'signup_ip', points: 10, durationSec: 60 * MINUTE, blocks: true },
  /** second-factor codes (sign-in, seed words, disabling) per user; a right one forgives them */
  failedCodesPerUser: { prefix: 'code_user', points: 5, durationSec: QUARTER_HOUR, blocks: true },
  /** password changes tried per user, right or wrong */
  changePasswordPerUser: {
    prefix: 'chpw_user',
    points: 5,
    durationSec: QUARTER_HOUR,
    blocks: true,
  },
  /** failed seed word reveals per user, and per business (a reveal that works counts nothing) */
  revealSeedPerUser: { prefix: 'seed_user', points: 5, durationSec: QUARTER_HOUR, blocks: true },
  revealSeedPerBusiness: {
    prefix: 'seed_business',
    points: 10,
    durationSec: QUARTER_HOUR,
    blocks: true,
  },
  /** password confirmations before money leaves, per user; the right password forgives them */
  confirmPasswordPerUser: {
    prefix: 'confirm_pw_user',
    points: 5,
    durationSec: QUARTER_HOUR,
    blocks: true,
  },
  /** node unlock attempts per user (the right password forgives them), and per business */
  unlockPerUser: { prefix: 'unlock_user', points: 5, durationSec: QUARTER_HOUR, blocks: true },
  unlockPerBusiness: {
    prefix: 'unlock_business',
    points: 10,
    durationSec: QUARTER_HOUR,
    blocks: true,
  },
  /**
   * Wrong staff PINs and unknown tags per device, and per business from all its devices; a
   * right one is forgiven (counts nothing). Per staff member, wrong PINs lock them instead.
   */
  staffSignInPerDevice: {
    prefix: 'staff_device',
    points: 10,
    durationSec: 5 * MINUTE,
    blocks: true,
  },
  staffSignInPerBusiness: {
    prefix: 'staff_business',
    points: 50,
    durationSec: QUARTER_HOUR,
    blocks: false,
  },
  /** LNURL-pay callbacks (tip invoices) per client address, and per tip page from everyone */
  tipCallbacksPerIp: { prefix: 'tip_cb_ip', points: 30, durationSec: MINUTE, blocks: false },
  tipCallbacksPerPage: { prefix: 'tip_cb_page', points: 120, durationSec: MINUTE, blocks: false },
  /**
   * Mails an account asks for (password resets, verification, address changes) per client
   * address, and per address mailed (so nobody's mailbox is flooded); not forgiven.
   */
  accountMailsPerIp: {
    prefix: 'acct_mail_ip',
    points: 10,
    durationSec: 60 * MINUTE,
    blocks: false,
  },
  accountMailsPerAddress: {
    prefix: 'acct_mail_to',
    points: 3,
    durationSec: QUARTER_HOUR,
    blocks: false,
  },
  /**
   * links of account mails (reset, verification, change) opened per client address: guesses
   * (a link that works is forgiven: only guesses count)
   */
  accountLinksPerIp: {
    prefix: 'acct_link_ip',
    points: 30,
    durationSec: QUARTER_HOUR,
    blocks: true,
  },
  /** LNURL-withdraw calls (refunds) per client address */
  refundLnurlPerIp: { prefix: 'lnurlw-ip', points: 30, durationSec: MINUTE, blocks: false },
  /** invoices made from payment links, and Cashu tokens tried on checkout pages, per address */
  checkoutPerIp: { prefix: 'checkout_ip', points: 30, durationSec: MINUTE, blocks: false },
  /**
   * Requests of the invoice API per API key (a web shop): 6,000 a minute, 100 a second on
   * average with bursts allowed; every authenticated request counts, right or wrong
   */
  apiKey: { prefix: 'api_key', points: 6000, durationSec: MINUTE, blocks: false },
} as const satisfies Record<string, NamedLimit>

export type LimitName = keyof typeof RATE_LIMITS

/** Other points and periods for some limits (a deployment's settings, a test's). */
export type LimitOverrides = Partial<Record<LimitName, Limit | undefined>>

/** A limit's points and period, as overridden or from the table. */
export function limitOf(name: LimitName, overrides: LimitOverrides = {}): Limit {
  const { points, durationSec } = overrides[name] ?? RATE_LIMITS[name]
  return { points, durationSec }
}

function build(pool: pg.Pool | undefined, name: LimitName, limit: Limit): RateLimiterAbstract {
  const options = {
    keyPrefix: RATE_LIMITS[name].prefix,
    points: limit.points,
    duration: limit.durationSec,
    ...(RATE_LIMITS[name].blocks ? { blockDuration: limit.durationSec } : {}),
  }
  return pool
    ? new RateLimiterPostgres({
        ...options,
        storeClient: pool,
        tableName: 'rate_limits',
        tableCreated: true,
        clearExpiredByTimeout: false,
      })
    : new RateLimiterMemory(options)
}

/** The limits, counted in `pool` (in memory without one), with the given points and periods. */
export function createRateLimits(pool: pg.Pool | undefined, overrides: LimitOverrides = {}) {
  const limiters = new Map<LimitName, RateLimiterAbstract>()
  const limiter = (name: LimitName) => {
    let l = limiters.get(name)
    if (!l) {
      l = build(pool, name, limitOf(name, overrides))
      limiters.set(name, l)
    }
    return l
  }
  return {
    /**
     * Counts an attempt against `name` for `key`, before the attempt is made (so attempts sent
     * at the same time are counted as they arrive); RATE_LIMITED once the limit is spent.
     */
    async consume(name: LimitName, key: string): Promise<void> {
      try {
        await limiter(name).consume(key)
      } catch (err) {
        if (!(err instanceof RateLimiterRes)) throw err
        throw new RateLimitedError(Math.max(1, Math.ceil(err.msBeforeNext / 1000)))
      }
    },
    /** Gives back the point this attempt consumed (it was right): only failures count. */
    async forgive(name: LimitName, key: string): Promise<void> {
      await limiter(name).reward(key, 1)
    },
    /** Forgets the attempts counted against `name` for `key` (the attempt was right). */
    async reset(name: LimitName, key: string): Promise<void> {
      await limiter(name).delete(key)
    },
  }
}

export type RateLimits = ReturnType<typeof createRateLimits>
