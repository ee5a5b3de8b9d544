/**
 * The sales views: dashboard totals per UTC day from the daily totals kept at settlement, and
 * the transaction list paged by an opaque keyset cursor.
 */
import { DEFAULT_CURRENCY, type PaymentRefundState, type RefundState } from '@app/domain'
import { z } from 'zod'
import type { PaymentMethod } from '../../db/schema'
import { DomainError } from '../../lib/errors'
import type { PgEventBus } from '../../lib/pg-events'
import { isEventAt, salesChanges, type SalesChange } from './changes'
import type { ListPosition, PaymentDetailRow, RepoFilter, SalesRepo, TransactionRow } from './repo'
import { PAYMENT_METHODS, type TransactionFilter } from './schemas'

/** A payment in the list; `refundState` only on one refunded in part or in full. */
export type TransactionItem = TransactionRow & { refundState?: PaymentRefundState }

/** A refund of a payment as its detail view lists it. */
export interface PaymentRefund {
  id: string
  state: RefundState
  amountSat: number
  fiatMinor: number | null
  currency: string
  failureReason: string | null
  createdAt: string
  staffName: string | null
  deviceName: string | null
}

/** One payment with everything its detail view shows, its refunds oldest first. */
export type PaymentDetail = PaymentDetailRow & {
  refundState: PaymentRefundState
  refunds: PaymentRefund[]
}

export interface Totals {
  count: number
  amountSat: number
  fiatMinor: number
}

export interface PeriodTotals extends Totals {
  byMethod: Record<PaymentMethod, Totals>
}

export interface DayTotals extends Totals {
  day: string
}

export interface Dashboard {
  currency: string
  totals: { today: PeriodTotals; last7Days: PeriodTotals; last30Days: PeriodTotals }
  /** The last 30 UTC days, oldest first, today last; days without sales are zero. */
  series: DayTotals[]
  latest: TransactionItem[]
}

const SERIES_DAYS = 30
const LATEST_COUNT = 10
const EXPORT_PAGE = 1000
const DAY_MS = 86_400_000

const utcDay = (d: Date) => d.toISOString().slice(0, 10)
const zero = (): Totals => ({ count: 0, amountSat: 0, fiatMinor: 0 })
const emptyPeriod = (): PeriodTotals => ({
  ...zero(),
  byMethod: Object.fromEntries(PAYMENT_METHODS.map((m) => [m, zero()])) as Record<
    PaymentMethod,
    Totals
  >,
})

function add(into: Totals, row: Totals): void {
  into.count += row.count
  into.amountSat += row.amountSat
  into.fiatMinor += row.fiatMinor
}

const ZPosition = z.tuple([
  z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
  z.uuid(),
])

function encodeCursor(p: ListPosition): string {
  return Buffer.from(JSON.stringify([p.createdAt, p.id])).toString('base64url')
}

/** The position a cursor stands for; anything not made by `encodeCursor` is refused. */
function decodeCursor(cursor: string): ListPosition {
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    parsed = undefined
  }
  const position = ZPosition.safeParse(parsed)
  if (!position.success) throw new DomainError('VALIDATION', 'Malformed cursor')
  const [createdAt, id] = position.data
  return { createdAt, id }
}

function toRepoFilter(f: TransactionFilter): RepoFilter {
  return {
    statuses: f.status,
    methods: f.method,
    from: f.from,
    to: f.to,
    search: f.search,
    deviceId: f.deviceId,
    staffId: f.staffId,
  }
}

const withoutPosition = ({ position: _, ...item }: TransactionRow & { position: string }) => item

/** Resuming from an event id this stream did not give: as if from the start, told at once. */
const BEGINNING = '1970-01-01T00:00:00.000000Z'

export function createSalesService(
  repo: SalesRepo,
  opts: {
    now?: () => Date
    bus?: PgEventBus
    /** how these payments stand in refunds (only those with any) */
    refundStates?: (businessId: string, ids: string[]) => Promise<Map<string, PaymentRefundState>>
    /** the refunds of one payment of the business, oldest first */
    refundsOf?: (businessId: string, paymentId: string) => Promise<PaymentRefund[]>
  } = {},
) {
  const now = opts.now ?? (() => new Date())

  async function withRefunds(
    businessId: string,
    rows: (TransactionRow & { position: string })[],
  ): Promise<TransactionItem[]> {
    const states = opts.refundStates
      ? await opts.refundStates(
          businessId,
          rows.map((r) => r.id),
        )
      : new Map<string, PaymentRefundState>()
    return rows.map((r) => {
      const refundState = states.get(r.id)
      return refundState ? { ...withoutPosition(r), refundState } : withoutPosition(r)
    })
  }

  async function page(
    businessId: string,
    filter: TransactionFilter,
    cursor: string | undefined,
    limit: number,
  ) {
    const after = cursor === undefined ? null : decodeCursor(cursor)
    // One more than asked tells whether another page exists without counting.
    const rows = await repo.listTransactions(businessId, toRepoFilter(filter), after, limit + 1)
    const items = rows.slice(0, limit)
    const last = items.at(-1)
    const nextCursor =
      rows.length > limit && last ? encodeCursor({ createdAt: last.position, id: last.id }) : null
    return { items: await withRefunds(businessId, items), nextCursor }
  }

  return {
    /**
     * A signal each time a payment of the business changes; after `lastEventId` (a page that
     * reconnects), one at once if anything changed since, so it misses nothing.
     */
    changes(
      businessId: string,
      signal: AbortSignal | undefined,
      lastEventId?: string | null,
    ): AsyncGenerator<SalesChange> {
      if (!opts.bus) throw new Error('sales changes need the event bus')
      const resume = lastEventId
        ? {
            after: isEventAt(lastEventId) ? lastEventId : BEGINNING,
            changedSince: (id: string, after: string) => repo.changedSince(id, after),
          }
        : undefined
      return salesChanges(opts.bus, businessId, signal, undefined, resume)
    },

    transactions(
      businessId: string,
      input: TransactionFilter & { cursor?: string; limit: number },
    ): Promise<{ items: TransactionItem[]; nextCursor: string | null }> {
      return page(businessId, input, input.cursor, input.limit)
    },

    /** One payment of the business with its tip and refunds; NOT_FOUND for another's. */
    async payment(businessId: string, paymentId: string): Promise<PaymentDetail> {
      const row = await repo.payment(businessId, paymentId)
      if (!row) throw new DomainError('NOT_FOUND', 'Payment not found')
      const [states, refunds] = await Promise.all([
        opts.refundStates?.(businessId, [paymentId]),
        opts.refundsOf?.(businessId, paymentId),
      ])
      return {
        ...row,
        refundState: states?.get(paymentId) ?? 'none',
        refunds: (refunds ?? []).map((r) => ({
          id: r.id,
          state: r.state,
          amountSat: r.amountSat,
          fiatMinor: r.fiatMinor,
          currency: r.currency,
          failureReason: r.failureReason,
          createdAt: r.createdAt,
          staffName: r.staffName,
          deviceName: r.deviceName,
        })),
      }
    },

    /** Every matching transaction, newest first, fetched a page at a time. */
    async *exportTransactions(
      businessId: string,
      filter: TransactionFilter,
    ): AsyncGenerator<TransactionItem> {
      let cursor: string | undefined
      do {
        const result = await page(businessId, filter, cursor, EXPORT_PAGE)
        yield* result.items
        cursor = result.nextCursor ?? undefined
      } while (cursor)
    },

    async dashboard(businessId: string): Promise<Dashboard> {
      const today = now()
      const days = Array.from({ length: SERIES_DAYS }, (_, i) =>
        utcDay(new Date(today.getTime() - (SERIES_DAYS - 1 - i) * DAY_MS)),
      )
      const firstDay = days[0] ?? utcDay(today)
      const todayKey = utcDay(today)
      const weekStart = days[SERIES_DAYS - 7] ?? firstDay

      const [rows, currency, latest] = await Promise.all([
        repo.dailyTotals(businessId, firstDay, todayKey),
        repo.businessCurrency(businessId),
        repo.listTransactions(businessId, {}, null, LATEST_COUNT),
      ])

      const totals = { today: emptyPeriod(), last7Days: emptyPeriod(), last30Days: emptyPeriod() }
      const byDay = new Map(days.map((day) => [day, { day, ...zero() }]))
      for (const row of rows) {
        const periods = [totals.last30Days]
        if (row.day >= weekStart) periods.push(totals.last7Days)
        if (row.day === todayKey) periods.push(totals.today)
        for (const period of periods) {
          add(period, row)
          add(period.byMethod[row.method], row)
        }
        const day = byDay.get(row.day)
        if (day) add(day, row)
      }

      return {
        currency: currency ?? DEFAULT_CURRENCY,
        totals,
        series: [...byDay.values()],
        latest: await withRefunds(businessId, latest),
      }
    },
  }
}

export type SalesService = ReturnType<typeof createSalesService>
