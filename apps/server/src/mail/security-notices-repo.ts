/** Who a security notice goes to: an account's address, a business's owners (in a transaction). */
import type { Db } from '../db/database'

export interface Recipient {
  email: string
  locale: string
}

export const noticeRecipients = {
  async account(trx: Db, userId: string): Promise<Recipient | undefined> {
    return trx
      .selectFrom('users')
      .select(['email', 'locale'])
      .where('id', '=', userId)
      .executeTakeFirst()
  },

  /** The business's name and its owners; undefined when there is no such business. */
  async owners(
    trx: Db,
    businessId: string,
  ): Promise<{ businessName: string; owners: Recipient[] } | undefined> {
    const business = await trx
      .selectFrom('businesses')
      .select('name')
      .where('id', '=', businessId)
      .executeTakeFirst()
    if (!business) return undefined
    const owners = await trx
      .selectFrom('businessMembers as m')
      .innerJoin('users as u', 'u.id', 'm.userId')
      .select(['u.email', 'u.locale'])
      .where('m.businessId', '=', businessId)
      .where('m.role', '=', 'owner')
      .orderBy('u.email')
      .execute()
    return { businessName: business.name, owners }
  },
}
