/** Businesses and who may act on them: every business-scoped call goes through `requireMember`. */
import { DomainError } from '../../lib/errors'
import { isUuid } from '../../lib/ids'
import type { BusinessRepo } from './repo'

export function createBusinessService(repo: BusinessRepo) {
  return {
    list: (userId: string) => repo.listForUser(userId),

    async create(userId: string, name: string) {
      const business = await repo.create(name.trim(), userId)
      return { id: business.id, onboardingStep: business.onboardingStep }
    },

    /** Another user's business, a deleted one and a malformed id all look the same: NOT_FOUND. */
    async requireMember(businessId: string, userId: string) {
      const business = isUuid(businessId) ? await repo.findForMember(businessId, userId) : undefined
      if (!business) throw new DomainError('NOT_FOUND', 'Business not found')
      return business
    },

    /** Operators see every business; anyone else goes through requireMember. */
    async getForOperator(businessId: string) {
      const business = isUuid(businessId) ? await repo.findById(businessId) : undefined
      if (!business) throw new DomainError('NOT_FOUND', 'Business not found')
      return business
    },
  }
}

export type BusinessService = ReturnType<typeof createBusinessService>
