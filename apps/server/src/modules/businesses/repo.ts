import type { Selectable } from 'kysely'
import type { Db } from '../../db/database'
import type { BusinessesTable } from '../../db/schema'

export type BusinessRow = Pick<
  Selectable<BusinessesTable>,
  'id' | 'name' | 'onboardingStep' | 'currency' | 'createdAt'
>

export function createBusinessRepo(db: Db) {
  return {
    async listForUser(userId: string): Promise<BusinessRow[]> {
      return db
        .selectFrom('businesses')
        .innerJoin('businessMembers', 'businessMembers.businessId', 'businesses.id')
        .select([
          'businesses.id',
          'businesses.name',
          'businesses.onboardingStep',
          'businesses.currency',
          'businesses.createdAt',
        ])
        .where('businessMembers.userId', '=', userId)
        .orderBy('businesses.createdAt', 'asc')
        .execute()
    },

    /** The business if the user is a member of it; undefined for any other. */
    async findForMember(
      businessId: string,
      userId: string,
    ): Promise<(BusinessRow & { role: string }) | undefined> {
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

    async create(name: string, ownerId: string): Promise<BusinessRow> {
      return db.transaction().execute(async (trx) => {
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
