/**
 * Read-only queries of the sales views over `payments` and `payment_daily_totals`.
 *
 * The transaction list pages by keyset on (created_at, id), newest first, and picks the query
 * shape that an index answers in order, so a first page costs a few dozen index entries even
 * with a million payments in one business:
 * - no status/method filter: one ordered scan of `payments_list`;
 * - a status filter: one ordered scan of `payments_by_status` per chosen status (LATERAL), the
 *   newest of each merged (a plain `status = ANY(...)` would have to sort every match);
 * - only a method filter: the same over `payments_by_method`;
 * - a memo search: one plain query, so the planner can choose between the trigram index (rare
 *   words) and an ordered scan that filters (common words).
 */
import { sql, type RawBuilder } from 'kysely'
import type { Db } from '../../db/database'
import type { PaymentMethod, PaymentStatus } from '../../db/schema'

export interface TransactionRow {
  id: string
  createdAt: Date
  settledAt: Date | null
  status: PaymentStatus
  method: PaymentMethod
  memo: string
  deviceId: string | null
  amountSat: number
  receivedSat: number
  fiatMinor: number | null
  currency: string
  paymentHash: string | null
  txid: string | null
}

/** A position in the list: created_at to the microsecond (ISO 8601, UTC) and the id. */
export interface ListPosition {
  createdAt: string
  id: string
}

export interface RepoFilter {
  statuses?: PaymentStatus[]
  methods?: PaymentMethod[]
  from?: Date
  to?: Date
  search?: string
}

export interface DailyTotalRow {
  day: string
  method: PaymentMethod
  count: number
  amountSat: number
  fiatMinor: number
}

interface RawTransaction extends Omit<TransactionRow, 'amountSat' | 'receivedSat' | 'fiatMinor'> {
  amountSat: string
  receivedSat: string
  fiatMinor: string | null
  position: string
}

const COLUMNS = sql`id, created_at AS "createdAt", settled_at AS "settledAt", status, method, memo,
  device_id AS "deviceId", amount_sat AS "amountSat", received_sat AS "receivedSat",
  fiat_minor AS "fiatMinor", currency, payment_hash AS "paymentHash", txid,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS position`

const NEWEST_FIRST = sql`ORDER BY created_at DESC, id DESC`

function toTransaction(r: RawTransaction): TransactionRow & { position: string } {
  return {
    ...r,
    amountSat: Number(r.amountSat),
    receivedSat: Number(r.receivedSat),
    fiatMinor: r.fiatMinor === null ? null : Number(r.fiatMinor),
  }
}

/** `%word%` for ILIKE with the user's own % _ and \ taken literally. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

export function createSalesRepo(db: Db) {
  return {
    /** Up to `limit` transactions after `after`, newest first; each with its list position. */
    async listTransactions(
      businessId: string,
      filter: RepoFilter,
      after: ListPosition | null,
      limit: number,
    ): Promise<(TransactionRow & { position: string })[]> {
      const where: RawBuilder<unknown>[] = [sql`business_id = ${businessId}::uuid`]
      if (filter.from) where.push(sql`created_at >= ${filter.from}`)
      if (filter.to) where.push(sql`created_at < ${filter.to}`)
      if (after) {
        where.push(sql`(created_at, id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`)
      }
      const { statuses, methods, search } = filter

      let query: RawBuilder<RawTransaction>
      if (search !== undefined || (!statuses && !methods)) {
        if (statuses) where.push(sql`status = ANY(${statuses}::text[])`)
        if (methods) where.push(sql`method = ANY(${methods}::text[])`)
        if (search !== undefined) where.push(sql`memo ILIKE ${containsPattern(search)}`)
        query = sql<RawTransaction>`SELECT ${COLUMNS} FROM payments
          WHERE ${sql.join(where, sql` AND `)} ${NEWEST_FIRST} LIMIT ${limit}`
      } else if (statuses) {
        if (methods) where.push(sql`method = ANY(${methods}::text[])`)
        query = sql<RawTransaction>`SELECT p.* FROM unnest(${statuses}::text[]) AS s(value)
          CROSS JOIN LATERAL (SELECT ${COLUMNS} FROM payments
            WHERE ${sql.join([...where, sql`status = s.value`], sql` AND `)}
            ${NEWEST_FIRST} LIMIT ${limit}) p
          ORDER BY p."createdAt" DESC, p.id DESC LIMIT ${limit}`
      } else {
        query = sql<RawTransaction>`SELECT p.* FROM unnest(${methods}::text[]) AS m(value)
          CROSS JOIN LATERAL (SELECT ${COLUMNS} FROM payments
            WHERE ${sql.join([...where, sql`method = m.value`], sql` AND `)}
            ${NEWEST_FIRST} LIMIT ${limit}) p
          ORDER BY p."createdAt" DESC, p.id DESC LIMIT ${limit}`
      }
      const { rows } = await query.execute(db)
      return rows.map(toTransaction)
    },

    /** Settled totals per UTC day and method, from `fromDay` to `toDay` inclusive. */
    async dailyTotals(
      businessId: string,
      fromDay: string,
      toDay: string,
    ): Promise<DailyTotalRow[]> {
      const rows = await db
        .selectFrom('paymentDailyTotals')
        .select([
          sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'),
          'method',
          'count',
          'amountSat',
          'fiatMinor',
        ])
        .where('businessId', '=', businessId)
        .where('day', '>=', fromDay)
        .where('day', '<=', toDay)
        .execute()
      return rows.map((r) => ({
        day: r.day,
        method: r.method,
        count: Number(r.count),
        amountSat: Number(r.amountSat),
        fiatMinor: Number(r.fiatMinor),
      }))
    },

    async businessCurrency(businessId: string): Promise<string | null> {
      const row = await db
        .selectFrom('businesses')
        .select('currency')
        .where('id', '=', businessId)
        .executeTakeFirst()
      return row?.currency ?? null
    },
  }
}

export type SalesRepo = ReturnType<typeof createSalesRepo>
