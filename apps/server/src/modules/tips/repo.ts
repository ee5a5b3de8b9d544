/**
 * Tip pages storage. A name is unique on the whole host (it is the local part of a Lightning
 * address), so a clash is reported as `taken` and nothing is written.
 */
import { sql, type Selectable } from 'kysely'
import type { Db } from '../../db/database'
import type { TipPagesTable } from '../../db/schema'
import { withAudit, type AuditEvent } from '../audit'

const COLUMNS = ['id', 'businessId', 'shortName', 'description', 'createdAt', 'updatedAt'] as const

export type TipPageRow = Pick<Selectable<TipPagesTable>, (typeof COLUMNS)[number]>

function isNameClash(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string }
  return e.code === '23505' && e.constraint === 'tip_pages_short_name_key'
}

export type Written = { ok: true; row: TipPageRow } | { ok: false; reason: 'taken' | 'missing' }

export function createTipRepo(db: Db) {
  return {
    list(businessId: string): Promise<TipPageRow[]> {
      return db
        .selectFrom('tipPages')
        .select(COLUMNS)
        .where('businessId', '=', businessId)
        .orderBy('createdAt', 'asc')
        .orderBy('id', 'asc')
        .execute()
    },

    byName(shortName: string): Promise<TipPageRow | undefined> {
      return db
        .selectFrom('tipPages')
        .select(COLUMNS)
        .where('shortName', '=', shortName)
        .executeTakeFirst()
    },

    async insert(
      p: {
        businessId: string
        shortName: string
        description: string
      },
      audit?: (row: TipPageRow) => AuditEvent,
    ): Promise<Written> {
      try {
        const row = await withAudit(
          db,
          (trx) =>
            trx.insertInto('tipPages').values(p).returning(COLUMNS).executeTakeFirstOrThrow(),
          (r) => audit?.(r) ?? null,
        )
        return { ok: true, row }
      } catch (err) {
        if (isNameClash(err)) return { ok: false, reason: 'taken' }
        throw err
      }
    },

    async update(
      businessId: string,
      id: string,
      patch: { shortName: string; description: string },
      audit?: (row: TipPageRow) => AuditEvent,
    ): Promise<Written> {
      try {
        const row = await withAudit(
          db,
          (trx) =>
            trx
              .updateTable('tipPages')
              .set({ ...patch, updatedAt: new Date() })
              .where('id', '=', id)
              .where('businessId', '=', businessId)
              .returning(COLUMNS)
              .executeTakeFirst(),
          (r) => (r && audit ? audit(r) : null),
        )
        return row ? { ok: true, row } : { ok: false, reason: 'missing' }
      } catch (err) {
        if (isNameClash(err)) return { ok: false, reason: 'taken' }
        throw err
      }
    },

    async delete(
      businessId: string,
      id: string,
      audit?: (row: TipPageRow) => AuditEvent,
    ): Promise<boolean> {
      const row = await withAudit(
        db,
        (trx) =>
          trx
            .deleteFrom('tipPages')
            .where('id', '=', id)
            .where('businessId', '=', businessId)
            .returning(COLUMNS)
            .executeTakeFirst(),
        (r) => (r && audit ? audit(r) : null),
      )
      return row !== undefined
    },

    async countPages(businessId: string): Promise<number> {
      const r = await db
        .selectFrom('tipPages')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('businessId', '=', businessId)
        .executeTakeFirstOrThrow()
      return Number(r.n)
    },

    /** The page's tip invoices still open to be paid (pending, not lapsed). */
    async countOpenInvoices(tipPageId: string): Promise<number> {
      const r = await db
        .selectFrom('payments')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('tipPageId', '=', tipPageId)
        .where('status', '=', 'pending')
        .where((eb) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', sql<Date>`now()`)]))
        .executeTakeFirstOrThrow()
      return Number(r.n)
    },

    /**
     * Deletes invoices that tip pages' public callbacks made and nobody paid, `olderThanMs` after
     * they lapsed (expired, or failed before the wallet gave an invoice); returns how many.
     */
    async deleteLapsedInvoices(olderThanMs: number): Promise<number> {
      const r = await db
        .deleteFrom('payments')
        .where('method', '=', 'tip')
        .where('tipPageId', 'is not', null)
        .where('settledAt', 'is', null)
        .where('receivedSat', '=', '0')
        .where((eb) =>
          eb.or([
            eb('status', '=', 'expired'),
            eb.and([eb('status', '=', 'failed'), eb('paymentRequest', 'is', null)]),
          ]),
        )
        .where(
          sql<Date>`coalesce(expires_at, created_at)`,
          '<',
          sql<Date>`now() - make_interval(secs => ${olderThanMs / 1000})`,
        )
        .executeTakeFirst()
      return Number(r.numDeletedRows)
    },

    async businessCurrency(businessId: string): Promise<string | null> {
      const r = await db
        .selectFrom('businesses')
        .select('currency')
        .where('id', '=', businessId)
        .executeTakeFirst()
      return r?.currency ?? null
    },
  }
}

export type TipRepo = ReturnType<typeof createTipRepo>
