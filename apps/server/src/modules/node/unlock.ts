/**
 * Unlocking the merchant's node after a restart (lnd comes back with its wallet locked). The
 * password goes straight to lnd's `/v1/unlockwallet` and is never stored. Every attempt is
 * counted per user and per business before lnd is asked, so concurrent guesses cannot get past
 * a spent limit; the right password forgives the user's count.
 */
import type pg from 'pg'
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible'
import { DomainError, RateLimitedError } from '../../lib/errors'
import { NodeRefusedError, NodeUnreachableError, type NodeAdmin } from '../../wallets/node-admin'

export interface UnlockLimits {
  perUser: { points: number; durationSec: number }
  perBusiness: { points: number; durationSec: number }
}

export const DEFAULT_UNLOCK_LIMITS: UnlockLimits = {
  perUser: { points: 5, durationSec: 15 * 60 },
  perBusiness: { points: 10, durationSec: 15 * 60 },
}

function limiter(pool: pg.Pool | undefined, keyPrefix: string, cfg: UnlockLimits['perUser']) {
  const base = { keyPrefix, points: cfg.points, duration: cfg.durationSec }
  return pool
    ? new RateLimiterPostgres({
        ...base,
        storeClient: pool,
        tableName: 'rate_limits',
        tableCreated: true,
        clearExpiredByTimeout: false,
        blockDuration: cfg.durationSec,
      })
    : new RateLimiterMemory(base)
}

async function charge(l: RateLimiterAbstract, key: string): Promise<void> {
  try {
    await l.consume(key)
  } catch (err) {
    if (err instanceof RateLimiterRes) {
      throw new RateLimitedError(Math.max(1, Math.ceil(err.msBeforeNext / 1000)))
    }
    throw err
  }
}

export function createNodeUnlock(deps: {
  /** where the attempt counts are kept (shared by every instance); in memory without one */
  pool?: pg.Pool
  limits?: Partial<UnlockLimits>
  log?: (msg: string, err?: unknown) => void
}) {
  const limits = { ...DEFAULT_UNLOCK_LIMITS, ...deps.limits }
  const perUser = limiter(deps.pool, 'unlock_user', limits.perUser)
  const perBusiness = limiter(deps.pool, 'unlock_business', limits.perBusiness)

  return {
    /**
     * Unlocks the node's wallet with `password`. NODE_PASSWORD_EMPTY, RATE_LIMITED,
     * INVALID_NODE_PASSWORD, or NODE_UNLOCK_FAILED when lnd could not be asked or refused for
     * another reason. A wallet unlocked already counts as unlocked.
     */
    async unlock(input: {
      userId: string
      businessId: string
      password: string
      admin: NodeAdmin
      signal?: AbortSignal
    }): Promise<void> {
      if (input.password.length === 0) {
        throw new DomainError('NODE_PASSWORD_EMPTY', 'Node password cannot be empty')
      }
      await charge(perUser, input.userId)
      await charge(perBusiness, input.businessId)
      try {
        await input.admin.unlock(input.password, input.signal)
      } catch (err) {
        if (err instanceof NodeRefusedError && err.isWrongPassword) {
          throw new DomainError('INVALID_NODE_PASSWORD', 'Invalid node password. Please try again.')
        }
        if (err instanceof NodeRefusedError || err instanceof NodeUnreachableError) {
          deps.log?.(`node of ${input.businessId} not unlocked`, err)
          throw new DomainError('NODE_UNLOCK_FAILED', 'Failed to unlock node')
        }
        throw err
      }
      await perUser.delete(input.userId)
    },
  }
}

export type NodeUnlock = ReturnType<typeof createNodeUnlock>
