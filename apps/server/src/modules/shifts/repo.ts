/**
 * Every query of shifts (end of day). A device's open shift holds its settled payments and its
 * refunds that no close holds yet: a payment counts in the first close after it was settled
 * here, whatever time its wallet gave it. A refund counts in the shift in which it ended: one
 * still open or sending (its outcome unknown included) is shown as pending, outside the totals,
 * and stays in the open shift; a close takes only ended refunds (refunded ones counted, failed
 * or expired ones not), so a report's totals are the money that moved (docs/decisions.md).
 * Closing takes them into the close (each in one close only) and numbers it within the device,
 * under a per-device lock, so two closes at once get consecutive numbers and nothing is counted
 * twice.
 */
import { sql, type Transaction } from 'kysely'
import type { Db } from '../../db/database'
import type { Database } from '../../db/schema'
import { recordAudit, type AuditEvent } from '../audit'
import { REFUND_STATE_SQL } from '../refunds'

type Q = Db | Transaction<Database>

export interface Sums {
  count: number
  sat: number
  fiatMinor: number
}

export interface StaffSums {
  staffId: string | null
  name: string | null
  payments: Sums
  tips: Sums
  refunds: Sums
}

export interface ShiftReport {
  deviceId: string
  deviceName: string
  currency: string
  from: string
  to: string
  methods: ({ method: string } & Sums)[]
  tips: Sums
  payments: Sums
  refunds: Sums
  /** refunds still open or being sent: in no total until they end */
  pending: Sums
  net: { sat: number; fiatMinor: number }
  staff: StaffSums[]
}

const zero = (): Sums => ({ count: 0, sat: 0, fiatMinor: 0 })

async function shiftStart(q: Q, deviceId: string) {
  const r = await sql<{ number: number; from: Date; name: string; currency: string | null }>`
    SELECT COALESCE((SELECT max(number) FROM shift_closes WHERE device_id = d.id), 0) AS number,
      COALESCE((SELECT max(closed_at) FROM shift_closes WHERE device_id = d.id), d.created_at)
        AS "from", d.name, b.currency
    FROM devices d JOIN businesses b ON b.id = d.business_id WHERE d.id = ${deviceId}`.execute(q)
  const row = r.rows[0]
  if (!row) throw new Error(`no device ${deviceId}`)
  return row
}

/** Payments settled this long before a shift began may still be counted in it (late news). */
const LATE_SETTLEMENT_DAYS = 7

/** What a report counts: the open shift's payments and refunds, or those of one close. */
type Scope = { open: { deviceId: string; from: Date } } | { close: string }

function scopeSql(scope: Scope) {
  if ('close' in scope) {
    return {
      payments: sql`p.id IN (SELECT payment_id FROM shift_close_payments
        WHERE close_id = ${scope.close})`,
      refunds: sql`r.shift_close_id = ${scope.close}`,
    }
  }
  const { deviceId, from } = scope.open
  return {
    payments: sql`p.device_id = ${deviceId} AND p.status = 'settled'
      AND p.settled_at > ${from}::timestamptz - make_interval(days => ${LATE_SETTLEMENT_DAYS})
      AND NOT EXISTS (SELECT 1 FROM shift_close_payments c WHERE c.payment_id = p.id)`,
    refunds: sql`r.device_id = ${deviceId} AND r.shift_close_id IS NULL`,
  }
}

const REFUND_JOIN = sql`refunds r LEFT JOIN withdrawals w
  ON w.business_id = r.business_id AND w.idempotency_key = r.withdrawal_key::text`
const REFUND_SUMS = sql`count(*)::int AS count, COALESCE(sum(r.amount_sat), 0)::float8 AS sat,
  COALESCE(sum(r.fiat_minor), 0)::float8 AS "fiatMinor"`

/** The device's refunds not yet ended, which no close holds. */
async function pendingRefunds(q: Q, deviceId: string): Promise<Sums> {
  const r = await sql<Sums>`SELECT ${REFUND_SUMS} FROM ${REFUND_JOIN}
    WHERE r.device_id = ${deviceId} AND r.shift_close_id IS NULL
      AND (${REFUND_STATE_SQL}) IN ('open', 'sending')`.execute(q)
  return r.rows[0] ?? zero()
}

async function reportOf(q: Q, scope: Scope, deviceId: string) {
  const sums = sql`count(*)::int AS count, COALESCE(sum(p.amount_sat), 0)::float8 AS sat,
    COALESCE(sum(p.fiat_minor), 0)::float8 AS "fiatMinor"`
  const { payments: settled, refunds: refundScope } = scopeSql(scope)
  const methods = await sql<{ method: string } & Sums>`SELECT p.method, ${sums}
    FROM payments p WHERE ${settled} GROUP BY p.method ORDER BY p.method`.execute(q)
  const tips = await sql<Sums & { staffId: string | null }>`SELECT p.staff_id AS "staffId",
      count(*)::int AS count, COALESCE(sum(t.tip_sat), 0)::float8 AS sat,
      COALESCE(sum(COALESCE(t.tip_fiat_minor,
        round(t.tip_sat * p.fiat_minor / NULLIF(p.amount_sat, 0)))), 0)::float8 AS "fiatMinor"
    FROM payments p JOIN payment_tips t ON t.payment_id = p.id
    WHERE ${settled} AND t.tip_sat > 0 GROUP BY p.staff_id`.execute(q)
  const byStaff = await sql<Sums & { staffId: string | null }>`SELECT p.staff_id AS "staffId",
      ${sums} FROM payments p WHERE ${settled} GROUP BY p.staff_id`.execute(q)
  const refunds = await sql<Sums & { staffId: string | null }>`SELECT r.staff_id AS "staffId",
      ${REFUND_SUMS} FROM ${REFUND_JOIN}
    WHERE ${refundScope} AND (${REFUND_STATE_SQL}) = 'refunded'
    GROUP BY r.staff_id`.execute(q)
  const ids = [
    ...new Set([...byStaff.rows, ...refunds.rows].map((r) => r.staffId).filter(Boolean)),
  ] as string[]
  const names = new Map<string, string>()
  if (ids.length > 0) {
    const rows = await sql<{ id: string; name: string }>`SELECT id, name FROM staff
      WHERE id = ANY(${ids}::uuid[])`.execute(q)
    for (const r of rows.rows) names.set(r.id, r.name)
  }
  const add = (a: Sums, b: Sums): Sums => ({
    count: a.count + b.count,
    sat: a.sat + b.sat,
    fiatMinor: a.fiatMinor + b.fiatMinor,
  })
  const staff = new Map<string | null, StaffSums>()
  const entry = (id: string | null) => {
    let e = staff.get(id)
    if (!e) {
      e = {
        staffId: id,
        name: id ? (names.get(id) ?? null) : null,
        payments: zero(),
        tips: zero(),
        refunds: zero(),
      }
      staff.set(id, e)
    }
    return e
  }
  for (const r of byStaff.rows) entry(r.staffId).payments = add(zero(), r)
  for (const r of tips.rows) entry(r.staffId).tips = add(zero(), r)
  for (const r of refunds.rows) entry(r.staffId).refunds = add(zero(), r)
  const payments = methods.rows.reduce<Sums>((a, r) => add(a, r), zero())
  const refunded = refunds.rows.reduce<Sums>((a, r) => add(a, r), zero())
  return {
    methods: methods.rows.map((r) => ({
      method: r.method,
      count: r.count,
      sat: r.sat,
      fiatMinor: r.fiatMinor,
    })),
    tips: tips.rows.reduce<Sums>((a, r) => add(a, r), zero()),
    payments,
    refunds: refunded,
    pending: await pendingRefunds(q, deviceId),
    net: { sat: payments.sat - refunded.sat, fiatMinor: payments.fiatMinor - refunded.fiatMinor },
    staff: [...staff.values()].sort((a, b) => (a.name ?? '').localeCompare(b.name ?? '')),
  }
}

export interface CloseRow {
  id: string
  number: number
  openedAt: Date
  closedAt: Date
  staffName: string | null
  report: ShiftReport
}

export function createShiftRepo(db: Db) {
  return {
    /** The device's shift so far (an X report): nothing is written. */
    async current(deviceId: string): Promise<ShiftReport & { number: number }> {
      const start = await shiftStart(db, deviceId)
      const to = new Date()
      return {
        number: start.number + 1,
        deviceId,
        deviceName: start.name,
        currency: start.currency ?? 'USD',
        from: start.from.toISOString(),
        to: to.toISOString(),
        ...(await reportOf(db, { open: { deviceId, from: start.from } }, deviceId)),
      }
    },

    /** Closes the device's shift (a Z report): numbered, kept, and a new shift begins. */
    async close(
      businessId: string,
      deviceId: string,
      staffId: string | null,
      audit?: (closed: CloseRow) => AuditEvent,
    ): Promise<CloseRow> {
      return db.transaction().execute(async (trx) => {
        const lock = `shift:${deviceId}`
        await sql`SELECT pg_advisory_xact_lock(hashtextextended(${lock}, 0))`.execute(trx)
        const start = await shiftStart(trx, deviceId)
        const open = scopeSql({ open: { deviceId, from: start.from } })
        const row = await trx
          .insertInto('shiftCloses')
          .values({
            businessId,
            deviceId,
            number: start.number + 1,
            staffId,
            openedAt: start.from,
            closedAt: sql<Date>`clock_timestamp()`,
            report: '{}',
          })
          .returning(['id', 'number', 'openedAt', 'closedAt'])
          .executeTakeFirstOrThrow()
        await sql`INSERT INTO shift_close_payments (payment_id, close_id)
          SELECT p.id, ${row.id}::uuid FROM payments p WHERE ${open.payments}`.execute(trx)
        // only refunds that ended; those still open or sending stay for the shift they end in
        await sql`UPDATE refunds SET shift_close_id = ${row.id} WHERE id IN (SELECT r.id
          FROM ${REFUND_JOIN} WHERE ${open.refunds}
            AND (${REFUND_STATE_SQL}) IN ('refunded', 'failed', 'expired'))`.execute(trx)
        const report: ShiftReport = {
          deviceId,
          deviceName: start.name,
          currency: start.currency ?? 'USD',
          from: start.from.toISOString(),
          to: row.closedAt.toISOString(),
          ...(await reportOf(trx, { close: row.id }, deviceId)),
        }
        await trx
          .updateTable('shiftCloses')
          .set({ report: JSON.stringify(report) })
          .where('id', '=', row.id)
          .execute()
        const staff = staffId
          ? await trx
              .selectFrom('staff')
              .select('name')
              .where('id', '=', staffId)
              .executeTakeFirst()
          : undefined
        const closed = { ...row, staffName: staff?.name ?? null, report }
        if (audit) await recordAudit(trx, audit(closed))
        return closed
      })
    },

    /** A device's closes, newest first. */
    async history(businessId: string, deviceId: string, limit: number): Promise<CloseRow[]> {
      const rows = await db
        .selectFrom('shiftCloses as c')
        .leftJoin('staff as s', 's.id', 'c.staffId')
        .select(['c.id', 'c.number', 'c.openedAt', 'c.closedAt', 's.name as staffName', 'c.report'])
        .where('c.businessId', '=', businessId)
        .where('c.deviceId', '=', deviceId)
        .orderBy('c.number', 'desc')
        .limit(limit)
        .execute()
      return rows.map((r) => {
        // closes made before pending refunds were reported show none
        const report = r.report as Omit<ShiftReport, 'pending'> & { pending?: Sums }
        return { ...r, report: { ...report, pending: report.pending ?? zero() } }
      })
    },
  }
}

export type ShiftRepo = ReturnType<typeof createShiftRepo>
