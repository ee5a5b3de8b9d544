/**
 * What devices and staff logins share: rows of a business that are soft-deleted, which payments
 * keep naming, and whose live ones are counted against a limit.
 */
import { sql } from 'kysely'
import type { Db } from '../../db/database'

export function createNamedRowsRepo(db: Db, table: 'devices' | 'staff') {
  return {
    /** The names of a business's rows, deleted ones too (payments keep naming them). */
    names(businessId: string): Promise<{ id: string; name: string; deleted: boolean }[]> {
      return db
        .selectFrom(table)
        .select(['id', 'name', sql<boolean>`deleted_at IS NOT NULL`.as('deleted')])
        .where('businessId', '=', businessId)
        .orderBy('name')
        .execute()
    },

    /** How many of a business's rows are not deleted. */
    async count(businessId: string): Promise<number> {
      const r = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('businessId', '=', businessId)
        .where('deletedAt', 'is', null)
        .executeTakeFirstOrThrow()
      return Number(r.n)
    },
  }
}
