/**
 * Unlocking the merchant's node after a restart (lnd comes back with its wallet locked). The
 * password goes straight to lnd's `/v1/unlockwallet` and is never stored. Every attempt is
 * counted per user and per business before lnd is asked, so concurrent guesses cannot get past
 * a spent limit; the right password forgives the user's count.
 */
import type pg from 'pg'
import { DomainError } from '../../lib/errors'
import { createRateLimits, type Limit } from '../../lib/rate-limit'
import { NodeRefusedError, NodeUnreachableError, type NodeAdmin } from '../../wallets/node-admin'

export interface UnlockLimits {
  perUser: Limit
  perBusiness: Limit
}

export function createNodeUnlock(deps: {
  /** where the attempt counts are kept (shared by every instance); in memory without one */
  pool?: pg.Pool
  limits?: Partial<UnlockLimits>
  log?: (msg: string, err?: unknown) => void
}) {
  const limits = createRateLimits(deps.pool, {
    unlockPerUser: deps.limits?.perUser,
    unlockPerBusiness: deps.limits?.perBusiness,
  })

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
      await limits.consume('unlockPerUser', input.userId)
      await limits.consume('unlockPerBusiness', input.businessId)
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
      await limits.reset('unlockPerUser', input.userId)
    },
  }
}

export type NodeUnlock = ReturnType<typeof createNodeUnlock>
