import type { MemberRole } from '@app/domain'
import type { Selectable } from 'kysely'
import type { Db } from '../../db/database'
import type { BusinessesTable } from '../../db/schema'

export type BusinessRow = Pick<
  Selectable<BusinessesTable>,
  'id' | 'name' | 'onboardingStep' | 'currency' | 'createdAt'
>

export function createBusinessRepo(db: Db) {
  return {
    /** The user's businesses, each with their role in it. */
    async listForUser(userId: string): Promise<(BusinessRow & { role: MemberRole })[]> {
      return db
        .selectFrom('businesses')
        .innerJoin('businessMembers', 'businessMembers.businessId', 'businesses.id')
        .select([
          'businesses.id',
          'businesses.name',
          'businesses.onboardingStep',
          'businesses.currency',
          'businesses.createdAt',
          'businessMembers.role',
        ])
        .where('businessMembers.userId', '=', userId)
        .orderBy('businesses.createdAt', 'asc')
        .execute()
    },

    /** The business if the user is a member of it; undefined for any other. */
    async findForMember(
      businessId: string,
      userId: string,
    ): Promise<(BusinessRow & { role: MemberRole; adminsMayPayOut: boolean }) | undefined> {
      return db
        .selectFrom('businesses')
        .innerJoin('businessMembers', 'businessMembers.businessId', 'businesses.id')
        .select([
          'businesses.id',
          'businesses.name',
          'businesses.onboardingStep',
          'businesses.currency',
          'businesses.createdAt',
          'businessMembers.role',
          'businesses.adminsMayPayOut',
        ])
        .where('businesses.id', '=', businessId)
        .where('businessMembers.userId', '=', userId)
        .executeTakeFirst()
    },

    async findById(businessId: string): Promise<BusinessRow | undefined> {
      return db
        .selectFrom('businesses')
        .select(['id', 'name', 'onboardingStep', 'currency', 'createdAt'])
        .where('id', '=', businessId)
        .executeTakeFirst()
    },

    /** Whether the user belongs to the business (in any role). */
    async isMember(businessId: string, userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('businessMembers')
        .select('role')
        .where('businessId', '=', businessId)
        .where('userId', '=', userId)
        .executeTakeFirst()
      return row !== undefined
    },

    /**
     * A new business owned by the user; undefined when the user already belongs to `limit`
     * businesses. The user's row is locked meanwhile, so concurrent creations count one another.
     */
    async create(name: string, ownerId: string, limit: number): Promise<BusinessRow | undefined> {
      return db.transaction().execute(async (trx) => {
        await trx.selectFrom('users').select('id').where('id', '=', ownerId).forUpdate().execute()
        const { count } = await trx
          .selectFrom('businessMembers')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('userId', '=', ownerId)
          .executeTakeFirstOrThrow()
        if (Number(count) >= limit) return undefined
        const business = await trx
          .insertInto('businesses')
          .values({ name, createdBy: ownerId })
          .returning(['id', 'name', 'onboardingStep', 'currency', 'createdAt'])
          .executeTakeFirstOrThrow()
        await trx
          .insertInto('businessMembers')
          .values({ businessId: business.id, userId: ownerId, role: 'owner' })
          .execute()
        return business
      })
    },
  }
}

export type BusinessRepo = ReturnType<typeof createBusinessRepo>
