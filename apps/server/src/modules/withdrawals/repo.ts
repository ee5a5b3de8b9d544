/**
 * Every query of withdrawals. A withdrawal is written (with its idempotency key) before the
 * wallet is asked, already claimed for sending, and only while no other withdrawal of the
 * business is in flight (a lock per business, and a unique index across instances regardless);
 * each change is announced with pg_notify on WITHDRAWAL_EVENTS_CHANNEL.
 */
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely'
import { IN_FLIGHT_WITHDRAWAL_STATUSES, type WithdrawalStatus } from '@app/domain'
import type { Db } from '../../db/database'
import type { Database, WithdrawalsTable } from '../../db/schema'
import { recordAudit, SYSTEM_AUDIT, withAudit, type AuditEvent } from '../audit'

export const WITHDRAWAL_EVENTS_CHANNEL = 'withdrawal_events'

export type WithdrawalRow = Selectable<WithdrawalsTable>

type NewWithdrawal = Omit<
  WithdrawalsTable,
  | 'id'
  | 'status'
  | 'createdAt'
  | 'updatedAt'
  | 'sentAt'
  | 'finishedAt'
  | 'feeSat'
  | 'failureReason'
  | 'txid'
  | 'preimage'
  | 'exchangeRef'
  | 'amountSat'
  | 'feeLimitSat'
  | 'sweepAll'
> & { amountSat: number; feeLimitSat: number | null; sweepAll: boolean }

interface Finish {
  status: 'succeeded' | 'failed' | 'unknown'
  feeSat?: number | null
  failureReason?: string | null
  txid?: string | null
  preimage?: string | null
  exchangeRef?: string | null
}

export type InsertOutcome =
  | { outcome: 'claimed'; row: WithdrawalRow }
  | { outcome: 'existing'; row: WithdrawalRow }
  | { outcome: 'busy' }
  | { outcome: 'invoice-taken' }

/** One writer of a business's withdrawals at a time, across instances. */
async function lockBusiness(trx: Transaction<Database>, businessId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`withdraw:${businessId}`}, 0))`.execute(
    trx,
  )
}

async function announce(db: Db | Transaction<Database>, id: string): Promise<void> {
  await sql`SELECT pg_notify(${WITHDRAWAL_EVENTS_CHANNEL}, json_build_object('id', id,
      'businessId', business_id)::text) FROM withdrawals WHERE id = ${id}`.execute(db)
}

/** Moves an open row on; the row when it was open, undefined when it was already final. */
function finishRow(trx: Kysely<Database>, id: string, f: Finish, isFinal: boolean) {
  return trx
    .updateTable('withdrawals')
    .set({
      status: f.status,
      updatedAt: new Date(),
      ...(f.feeSat !== undefined ? { feeSat: f.feeSat } : {}),
      ...(f.failureReason !== undefined ? { failureReason: f.failureReason } : {}),
      ...(f.txid !== undefined ? { txid: f.txid } : {}),
      ...(f.preimage !== undefined ? { preimage: f.preimage } : {}),
      ...(f.exchangeRef !== undefined ? { exchangeRef: f.exchangeRef } : {}),
      ...(isFinal ? { finishedAt: new Date() } : {}),
    })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'sending', 'unknown'] satisfies WithdrawalStatus[])
    .returning([
      'id',
      'businessId',
      'amountSat',
      'rail',
      'destinationType',
      'destination',
      'feeSat',
    ])
    .executeTakeFirst()
}

/** The audit log's event for a payout that ended: sent or failed, as the platform saw it. */
function payoutOutcomeEvent(row: FinishedWithdrawal, f: Finish): AuditEvent {
  const sent = f.status === 'succeeded'
  return {
    businessId: row.businessId,
    by: SYSTEM_AUDIT,
    action: sent ? 'payout.sent' : 'payout.failed',
    subject: { kind: 'withdrawal', id: row.id },
    details: {
      amountSat: Number(row.amountSat),
      rail: row.rail,
      ...(row.feeSat !== null ? { feeSat: Number(row.feeSat) } : {}),
      ...(sent ? {} : { reason: (f.failureReason ?? '').slice(0, 200) }),
    },
  }
}

/**
 * What a payout's notice names as its destination: an address (on-chain, lightning, an
 * exchange's destination name); an invoice or LNURL (long, meaningless to read) is left out.
 */
export function payoutDestination(destination: string): string | null {
  const d = destination.trim()
  if (d.length === 0 || d.length > 100 || /^(lightning:)?ln(bc|tb|bcrt|url)/i.test(d)) return null
  return d
}

/** A finished row as `finish` hands it on. */
export type FinishedWithdrawal = NonNullable<Awaited<ReturnType<typeof finishRow>>>

export function createWithdrawalRepo(
  db: Db,
  opts: {
    /** runs in the transaction that moves a payout to succeeded, once per payout */
    onSent?: (trx: Db, row: FinishedWithdrawal) => Promise<void>
  } = {},
) {
  const get = (businessId: string, id: string) =>
    db
      .selectFrom('withdrawals')
      .selectAll()
      .where('businessId', '=', businessId)
      .where('id', '=', id)
      .executeTakeFirst()

  return {
    get,

    byKey(businessId: string, idempotencyKey: string) {
      return db
        .selectFrom('withdrawals')
        .selectAll()
        .where('businessId', '=', businessId)
        .where('idempotencyKey', '=', idempotencyKey)
        .executeTakeFirst()
    },

    /**
     * Writes the withdrawal already claimed for sending (`sending`), in one step under the
     * business's lock: the row an earlier request with the key wrote (`existing`), or nothing at
     * all while another withdrawal of the business is in flight (`busy`) or when its invoice was
     * paid (or is being paid) already (`invoice-taken`).
     */
    async insertClaimed(
      w: NewWithdrawal,
      audit?: (row: WithdrawalRow) => AuditEvent,
    ): Promise<InsertOutcome> {
      const out = await db.transaction().execute(async (trx): Promise<InsertOutcome> => {
        await lockBusiness(trx, w.businessId)
        const existing = await trx
          .selectFrom('withdrawals')
          .selectAll()
          .where('businessId', '=', w.businessId)
          .where('idempotencyKey', '=', w.idempotencyKey)
          .executeTakeFirst()
        if (existing) return { outcome: 'existing', row: existing }
        const busy = await trx
          .selectFrom('withdrawals')
          .select('id')
          .where('businessId', '=', w.businessId)
          .where('status', 'in', IN_FLIGHT_WITHDRAWAL_STATUSES)
          .executeTakeFirst()
        if (busy) return { outcome: 'busy' }
        if (w.paymentHash !== null) {
          const paid = await trx
            .selectFrom('withdrawals')
            .select('id')
            .where('businessId', '=', w.businessId)
            .where('paymentHash', '=', w.paymentHash)
            .where('status', '<>', 'failed')
            .executeTakeFirst()
          if (paid) return { outcome: 'invoice-taken' }
        }
        const now = new Date()
        const row = await trx
          .insertInto('withdrawals')
          .values({ ...w, status: 'sending', sentAt: now, updatedAt: now })
          .returningAll()
          .executeTakeFirstOrThrow()
        if (audit) await recordAudit(trx, audit(row))
        return { outcome: 'claimed', row }
      })
      if (out.outcome === 'claimed') await announce(db, out.row.id)
      return out
    },

    /** Whether the business paid (or is paying) this invoice already. */
    async invoiceTaken(businessId: string, paymentHash: string): Promise<boolean> {
      const row = await db
        .selectFrom('withdrawals')
        .select('id')
        .where('businessId', '=', businessId)
        .where('paymentHash', '=', paymentHash)
        .where('status', '<>', 'failed')
        .executeTakeFirst()
      return row !== undefined
    },

    /** Another withdrawal of the business being sent or not known yet, if any. */
    inFlight(businessId: string) {
      return db
        .selectFrom('withdrawals')
        .selectAll()
        .where('businessId', '=', businessId)
        .where('status', 'in', IN_FLIGHT_WITHDRAWAL_STATUSES)
        .executeTakeFirst()
    },

    /** Moves an open row (pending, sending or unknown) on; false when it was already final. */
    async finish(id: string, f: Finish): Promise<boolean> {
      const isFinal = f.status !== 'unknown'
      const r = await withAudit(
        db,
        async (trx) => {
          const row = await finishRow(trx, id, f, isFinal)
          if (row && f.status === 'succeeded') await opts.onSent?.(trx, row)
          return row
        },
        (row) => (row && isFinal ? payoutOutcomeEvent(row, f) : null),
      )
      if (!r) return false
      await announce(db, id)
      return true
    },

    /**
     * The latest `limit`, or with `before` (a withdrawal's id) the `limit` made before it, in the
     * list's order (newest first, id breaking ties). Compared in the database, whose timestamps
     * are finer than a Date's.
     */
    list(businessId: string, limit: number, before?: string) {
      let q = db.selectFrom('withdrawals').selectAll().where('businessId', '=', businessId)
      if (before !== undefined) {
        q = q.where(
          sql<boolean>`(created_at, id) < (SELECT c.created_at, c.id FROM withdrawals c
            WHERE c.id = ${before} AND c.business_id = ${businessId})`,
        )
      }
      return q.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit).execute()
    },

    /** Rows to follow up: unknown ones, and sending ones untouched for `staleMs` (a crash). */
    open(staleMs: number, limit = 100) {
      return db
        .selectFrom('withdrawals')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb('status', '=', 'unknown'),
            eb.and([
              eb('status', '=', 'sending'),
              eb('updatedAt', '<', new Date(Date.now() - staleMs)),
            ]),
          ]),
        )
        .orderBy('updatedAt', 'asc')
        .limit(limit)
        .execute()
    },

    /** Rows written but never claimed for `ms` (the request died before sending): failed. */
    async failUnsent(ms: number): Promise<number> {
      const rows = await db
        .updateTable('withdrawals')
        .set({
          status: 'failed',
          failureReason: 'not sent',
          updatedAt: new Date(),
          finishedAt: new Date(),
        })
        .where('status', '=', 'pending')
        .where('createdAt', '<', new Date(Date.now() - ms))
        .returning('id')
        .execute()
      for (const r of rows) await announce(db, r.id)
      return rows.length
    },

    /** Marks a followed row as looked at (it stays where it is). */
    async touch(id: string): Promise<void> {
      await db
        .updateTable('withdrawals')
        .set({ updatedAt: new Date() })
        .where('id', '=', id)
        .execute()
    },
  }
}

export type WithdrawalRepo = ReturnType<typeof createWithdrawalRepo>
