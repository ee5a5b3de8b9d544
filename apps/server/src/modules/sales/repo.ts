/**
 * Read-only queries of the sales views over `payments` and `payment_daily_totals`.
 *
 * The transaction list pages by keyset on (created_at, id), newest first. Every shape is read
 * from an index in that order and stops once the page is full, so a page costs a few dozen
 * index entries even with a million payments in one business:
 * - no status/method filter: one ordered scan of `payments_list`;
 * - a status filter: one ordered scan of `payments_by_status` per chosen status, merged
 *   (UNION ALL under ORDER BY ... LIMIT plans as a Merge Append that reads each lazily; a plain
 *   `status = ANY(...)` would have to sort every match);
 * - only a method filter: the same over `payments_by_method`;
 * - a memo search: the newest SEARCH_WINDOW rows passing the other filters are read in order
 *   and checked, which finds a page of any common word quickly; only when they hold less than
 *   a page does one plain query look further back, where the planner picks the trigram index
 *   for a rare word. Left to itself for every search it would often intersect the trigram
 *   bitmap of a common word with a status bitmap and sort thousands of rows.
 */
import { sql, type RawBuilder, type Selectable } from 'kysely'
import type { Db } from '../../db/database'
import type { Int8AsNumber } from '../../db/rows'
import type {
  PaymentDailyTotalsTable,
  PaymentMethod,
  PaymentStatus,
  PaymentsTable,
} from '../../db/schema'
import { UTC_MICROS } from '../../db/rows'

/** The columns of a payment the transaction list shows, as pg reads them (int8 as text). */
type RawTransactionColumns = Pick<
  Selectable<PaymentsTable>,
  | 'id'
  | 'createdAt'
  | 'settledAt'
  | 'status'
  | 'method'
  | 'memo'
  | 'deviceId'
  | 'staffId'
  | 'amountSat'
  | 'receivedSat'
  | 'fiatMinor'
  | 'currency'
  | 'paymentHash'
  | 'txid'
>

/** A payment in the transaction list, its amounts as numbers. */
export type TransactionRow = Int8AsNumber<
  RawTransactionColumns,
  'amountSat' | 'receivedSat' | 'fiatMinor'
> & { deviceName: string | null; staffName: string | null }

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
  deviceId?: string
  staffId?: string
}

/** One UTC day's settled totals for one method. */
export type DailyTotalRow = Int8AsNumber<
  Omit<Selectable<PaymentDailyTotalsTable>, 'businessId'>,
  'amountSat' | 'fiatMinor'
>

type RawTransaction = RawTransactionColumns & {
  position: string
  deviceName: string | null
  staffName: string | null
}

/** Rows read in order before a memo search asks the trigram index for older matches. */
const SEARCH_WINDOW = 2000

const ROW = sql`id, created_at, settled_at, status, method, memo, device_id, staff_id, amount_sat,
  received_sat, fiat_minor, currency, payment_hash, txid`

/** The API's names; the position is formatted only for rows that are returned. */
const OUT = sql`p.id, p.created_at AS "createdAt", p.settled_at AS "settledAt", p.status,
  p.method, p.memo, p.device_id AS "deviceId", p.staff_id AS "staffId",
  (SELECT d.name FROM devices d WHERE d.id = p.device_id) AS "deviceName",
  (SELECT s.name FROM staff s WHERE s.id = p.staff_id) AS "staffName", p.amount_sat AS "amountSat",
  p.received_sat AS "receivedSat", p.fiat_minor AS "fiatMinor", p.currency,
  p.payment_hash AS "paymentHash", p.txid,
  to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS position`

const NEWEST_FIRST = sql`ORDER BY created_at DESC, id DESC`

function toTransaction(r: RawTransaction): TransactionRow & { position: string } {
  return {
    id: r.id,
    createdAt: r.createdAt,
    settledAt: r.settledAt,
    status: r.status,
    method: r.method,
    memo: r.memo,
    deviceId: r.deviceId,
    deviceName: r.deviceName,
    staffId: r.staffId,
    staffName: r.staffName,
    amountSat: Number(r.amountSat),
    receivedSat: Number(r.receivedSat),
    fiatMinor: r.fiatMinor === null ? null : Number(r.fiatMinor),
    currency: r.currency,
    paymentHash: r.paymentHash,
    txid: r.txid,
    position: r.position,
  }
}

/** `%word%` for ILIKE with the user's own % _ and \ taken literally. */
function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

type Filters = Omit<RepoFilter, 'search'>

const and = (parts: RawBuilder<unknown>[]) => sql.join(parts, sql` AND `)

function conditions(businessId: string, f: Filters, after: ListPosition | null) {
  const where: RawBuilder<unknown>[] = [sql`business_id = ${businessId}::uuid`]
  if (f.from) where.push(sql`created_at >= ${f.from}`)
  if (f.to) where.push(sql`created_at < ${f.to}`)
  if (f.deviceId) where.push(sql`device_id = ${f.deviceId}::uuid`)
  if (f.staffId) where.push(sql`staff_id = ${f.staffId}::uuid`)
  if (after) {
    where.push(sql`(created_at, id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`)
  }
  return where
}

/** The newest `limit` rows passing the filters (raw columns), each read from an index in order. */
function ordered(
  businessId: string,
  f: Filters,
  after: ListPosition | null,
  limit: number,
): RawBuilder<unknown> {
  const where = conditions(businessId, f, after)
  const branches = f.statuses
    ? f.statuses.map((status) => [sql`status = ${status}`])
    : f.methods
      ? f.methods.map((method) => [sql`method = ${method}`])
      : [[]]
  if (f.statuses && f.methods) where.push(sql`method = ANY(${f.methods}::text[])`)
  if (branches.length === 1) {
    return sql`SELECT ${ROW} FROM payments WHERE ${and([...where, ...(branches[0] ?? [])])}
      ${NEWEST_FIRST} LIMIT ${limit}`
  }
  const union = sql.join(
    branches.map(
      (branch) => sql`(SELECT ${ROW} FROM payments WHERE ${and([...where, ...branch])}
        ${NEWEST_FIRST} LIMIT ${limit})`,
    ),
    sql` UNION ALL `,
  )
  return sql`SELECT ${ROW} FROM (${union}) u ${NEWEST_FIRST} LIMIT ${limit}`
}

/**
 * Matches older than the window: one plain query with every filter, so the planner chooses
 * between the trigram index (a rare word) and reading on in order (a word that is merely
 * rarer lately).
 */
function olderMatches(
  businessId: string,
  f: Filters,
  pattern: string,
  after: ListPosition,
  limit: number,
): RawBuilder<unknown> {
  const where = conditions(businessId, f, after)
  if (f.statuses) where.push(sql`status = ANY(${f.statuses}::text[])`)
  if (f.methods) where.push(sql`method = ANY(${f.methods}::text[])`)
  where.push(sql`memo ILIKE ${pattern}`)
  return sql`SELECT ${ROW} FROM payments WHERE ${and(where)} ${NEWEST_FIRST} LIMIT ${limit}`
}

const project = (source: RawBuilder<unknown>) =>
  sql<RawTransaction>`SELECT ${OUT} FROM (${source}) p ORDER BY p.created_at DESC, p.id DESC`

/** One payment as its detail view shows it: the list's columns and what only the detail shows. */
export type PaymentDetailRow = TransactionRow & {
  feeSat: number
  address: string | null
  confirmations: number
  expiresAt: Date | null
  failureReason: string | null
  orderReference: string | null
  /** the tip recorded beside a payment taken at a terminal; null without one */
  tip: { sat: number; fiatMinor: number | null } | null
}

type RawPaymentDetail = RawTransaction &
  Pick<
    Selectable<PaymentsTable>,
    'feeSat' | 'address' | 'confirmations' | 'expiresAt' | 'failureReason' | 'orderReference'
  > & { tipSat: string | null; tipFiatMinor: string | null }

export function createSalesRepo(db: Db, opts: { searchWindow?: number } = {}) {
  const searchWindow = opts.searchWindow ?? SEARCH_WINDOW
  const run = async <R extends RawTransaction>(query: RawBuilder<R>) =>
    (await query.execute(db)).rows

  return {
    /**
     * The latest `updated_at` (UTC_MICROS) of the business's payments changed after `after`, or
     * null when none changed since: what a reconnecting change stream missed.
     */
    async changedSince(businessId: string, after: string): Promise<string | null> {
      const { rows } = await sql<{ at: string | null }>`
        SELECT to_char(max(updated_at) AT TIME ZONE 'UTC', ${UTC_MICROS}) AS at FROM payments
        WHERE business_id = ${businessId} AND updated_at > ${after}::timestamptz`.execute(db)
      return rows[0]?.at ?? null
    },

    /** Up to `limit` transactions after `after`, newest first; each with its list position. */
    async listTransactions(
      businessId: string,
      filter: RepoFilter,
      after: ListPosition | null,
      limit: number,
    ): Promise<(TransactionRow & { position: string })[]> {
      const { search, ...filters } = filter
      if (search === undefined) {
        return (await run(project(ordered(businessId, filters, after, limit)))).map(toTransaction)
      }

      // The matches among the newest rows, and the last of those rows as a marker of where
      // reading in order stopped (present only when the window was full).
      const pattern = containsPattern(search)
      const window = ordered(businessId, filters, after, searchWindow)
      const rows = await run(sql<RawTransaction & { isMatch: boolean; n: string }>`
        SELECT ${OUT}, p.is_match AS "isMatch", p.n FROM (
          SELECT w.*, w.memo ILIKE ${pattern} AS is_match,
            row_number() OVER (ORDER BY w.created_at DESC, w.id DESC) AS n
          FROM (${window}) w
        ) p
        WHERE p.is_match OR p.n = ${searchWindow}
        ORDER BY p.created_at DESC, p.id DESC LIMIT ${limit + 1}`)
      const recent = rows.filter((r) => r.isMatch).slice(0, limit)
      const edge = rows.find((r) => Number(r.n) === searchWindow)
      if (recent.length === limit || !edge) return recent.map(toTransaction)

      const older = await run(
        project(
          olderMatches(
            businessId,
            filters,
            pattern,
            { createdAt: edge.position, id: edge.id },
            limit - recent.length,
          ),
        ),
      )
      return [...recent, ...older].map(toTransaction)
    },

    /** One payment of the business with its tip; undefined for another business's. */
    async payment(businessId: string, paymentId: string): Promise<PaymentDetailRow | undefined> {
      const { rows } = await sql<RawPaymentDetail>`
        SELECT ${OUT}, p.fee_sat AS "feeSat", p.address, p.confirmations,
          p.expires_at AS "expiresAt", p.failure_reason AS "failureReason",
          p.order_reference AS "orderReference", t.tip_sat AS "tipSat",
          t.tip_fiat_minor AS "tipFiatMinor"
        FROM payments p LEFT JOIN payment_tips t ON t.payment_id = p.id
        WHERE p.id = ${paymentId}::uuid AND p.business_id = ${businessId}::uuid`.execute(db)
      const r = rows[0]
      if (!r) return undefined
      const { position: _, ...row } = toTransaction(r)
      return {
        ...row,
        feeSat: Number(r.feeSat),
        address: r.address,
        confirmations: r.confirmations,
        expiresAt: r.expiresAt,
        failureReason: r.failureReason,
        orderReference: r.orderReference,
        tip:
          r.tipSat === null
            ? null
            : {
                sat: Number(r.tipSat),
                fiatMinor: r.tipFiatMinor === null ? null : Number(r.tipFiatMinor),
              },
      }
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
