/** Businesses and who may act on them: every business-scoped call goes through `requireMember`. */
import type { Permission } from '@app/domain'
import { DomainError } from '../../lib/errors'
import { requireRole } from './roles'
import { isUuid } from '../../lib/ids'
import type { BusinessRepo } from './repo'

/** How many businesses one account may belong to. */
export const MAX_BUSINESSES_PER_USER = 20

export function createBusinessService(repo: BusinessRepo, opts: { maxPerUser?: number } = {}) {
  const maxPerUser = opts.maxPerUser ?? MAX_BUSINESSES_PER_USER
  return {
    list: (userId: string) => repo.listForUser(userId),

    async create(userId: string, name: string) {
      const business = await repo.create(name.trim(), userId, maxPerUser)
      if (!business) {
        throw new DomainError(
          'BUSINESS_LIMIT_REACHED',
          `An account may belong to at most ${maxPerUser} businesses`,
        )
      }
      return { id: business.id, onboardingStep: business.onboardingStep }
    },

    /**
     * The business when the user is a member whose role allows `permission` (ROLE_NOT_ALLOWED
     * otherwise). Another user's business, a deleted one and a malformed id all look the same:
     * NOT_FOUND.
     */
    async requireMember(businessId: string, userId: string, permission: Permission) {
      const business = isUuid(businessId) ? await repo.findForMember(businessId, userId) : undefined
      if (!business) throw new DomainError('NOT_FOUND', 'Business not found')
      requireRole(business, permission)
      return business
    },

    /** Operators see every business; anyone else goes through requireMember. */
    async getForOperator(businessId: string) {
      const business = isUuid(businessId) ? await repo.findById(businessId) : undefined
      if (!business) throw new DomainError('NOT_FOUND', 'Business not found')
      return business
    },

    /**
     * A business an operator may review: NOT_FOUND for an unknown id, and refused when the
     * operator belongs to it (nobody approves their own application).
     */
    async requireReviewable(businessId: string, operatorId: string) {
      const business = isUuid(businessId) ? await repo.findById(businessId) : undefined
      if (!business) throw new DomainError('NOT_FOUND', 'Business not found')
      if (await repo.isMember(businessId, operatorId)) {
        throw new DomainError(
          'OWN_APPLICATION_REVIEW',
          'Operators do not review their own business',
        )
      }
      return business
    },
  }
}

export type BusinessService = ReturnType<typeof createBusinessService>
