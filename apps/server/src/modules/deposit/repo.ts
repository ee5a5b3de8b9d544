/**
 * Channel deposits (on-chain invoices of purpose `channel_deposit`). Every change is announced
 * with pg_notify in the statement that makes it (a `DepositEvent`), so pages on any instance
 * follow a deposit through notifications.
 */
import { sql, type Selectable, type Transaction, type UpdateObject } from 'kysely'
import type { Db } from '../../db/database'
import type { Int8AsNumber } from '../../db/rows'
import type { ChannelState, Database, OnchainInvoicesTable } from '../../db/schema'
import { UTC_MICROS } from '../../db/rows'

export const DEPOSIT_EVENTS_CHANNEL = 'deposit_events'

/** What a deposit change announces: which deposit, whose, and its change time (UTC_MICROS). */
export interface DepositEvent {
  id: string
  businessId: string
  at: string
}

/** Why an opening failed or waits, as a catalogue code. */
export type ChannelErrorCode =
  'CHANNEL_OPEN_FAILED' | 'CHANNEL_FUNDS_INSUFFICIENT' | 'CHANNEL_MANUAL_PROCESSING'

/** A channel deposit's row, amounts as numbers. */
export type DepositRow = Omit<
  Int8AsNumber<Selectable<OnchainInvoicesTable>, 'amountSat' | 'receivedSat'>,
  'purpose' | 'channelErrorCode'
> & { channelErrorCode: ChannelErrorCode | null }

/** Channel states in which a deposit can still change. */
const MOVING: ChannelState[] = ['waiting_for_deposit', 'opening', 'manual']

const COLUMNS = [
  'id',
  'businessId',
  'address',
  'amountSat',
  'status',
  'confirmations',
  'receivedSat',
  'txid',
  'channelState',
  'channelPoint',
  'channelError',
  'channelErrorCode',
  'checkedAt',
  'expiredAt',
  'createdAt',
  'updatedAt',
] as const

type Raw = Omit<Selectable<OnchainInvoicesTable>, 'purpose'>

const CHANNEL_ERROR_CODES: readonly string[] = [
  'CHANNEL_OPEN_FAILED',
  'CHANNEL_FUNDS_INSUFFICIENT',
  'CHANNEL_MANUAL_PROCESSING',
] satisfies ChannelErrorCode[]

function toRow(r: Raw): DepositRow {
  const code = r.channelErrorCode
  return {
    ...r,
    amountSat: Number(r.amountSat),
    receivedSat: Number(r.receivedSat),
    channelErrorCode:
      code === null
        ? null
        : CHANNEL_ERROR_CODES.includes(code)
          ? (code as ChannelErrorCode)
          : 'CHANNEL_OPEN_FAILED',
  }
}

/** A deposit's change time as an event id: its `updated_at` to the microsecond, in UTC. */
const changedAt = sql<string>`to_char(updated_at AT TIME ZONE 'UTC', ${UTC_MICROS})`

/** The announcement of the rows a statement's `changed` CTE returned (id, business, time). */
const announceChanged = sql<string>`pg_notify(${DEPOSIT_EVENTS_CHANNEL}, json_build_object(
  'id', changed.id, 'businessId', changed.business_id, 'at', changed.at)::text)`

export function createDepositRepo(db: Db) {
  /**
   * Updates the deposit (only from one of `from`, when given) and announces the change, in one
   * statement. False when nothing changed.
   */
  async function change(
    id: string,
    patch: UpdateObject<Database, 'onchainInvoices'>,
    from?: ChannelState[],
    trx: Transaction<Database> | Db = db,
  ): Promise<boolean> {
    const rows = await trx
      .with('changed', (qb) => {
        const update = qb
          .updateTable('onchainInvoices')
          .set({ ...patch, updatedAt: sql`clock_timestamp()` })
          .where('id', '=', id)
        return (from ? update.where('channelState', 'in', from) : update).returning([
          'id',
          'businessId',
          changedAt.as('at'),
        ])
      })
      .selectFrom('changed')
      .select(announceChanged.as('notified'))
      .execute()
    return rows.length > 0
  }

  return {
    /** Writes a deposit; in `trx` when given (the business's lock, for the cap on open ones). */
    async insert(
      businessId: string,
      address: string,
      amountSat: number,
      trx?: Transaction<Database>,
    ): Promise<DepositRow> {
      const write = async (t: Transaction<Database>) => {
        const r = await t
          .insertInto('onchainInvoices')
          .values({ businessId, purpose: 'channel_deposit', address, amountSat })
          .returning(COLUMNS)
          .executeTakeFirstOrThrow()
        await change(r.id, {}, undefined, t)
        return toRow(r)
      }
      return trx ? write(trx) : db.transaction().execute(write)
    },

    /** The business's deposits still waiting for their payment (not given up). */
    async countOpen(businessId: string, trx: Transaction<Database> | Db = db): Promise<number> {
      const r = await trx
        .selectFrom('onchainInvoices')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('businessId', '=', businessId)
        .where('purpose', '=', 'channel_deposit')
        .where('channelState', '=', 'waiting_for_deposit')
        .where('expiredAt', 'is', null)
        .executeTakeFirstOrThrow()
      return Number(r.n)
    },

    /** The deposit with its change time (the id of its latest event). */
    async findWithChangeTime(
      businessId: string,
      id: string,
    ): Promise<{ row: DepositRow; at: string } | undefined> {
      const r = await db
        .selectFrom('onchainInvoices')
        .select([...COLUMNS, changedAt.as('at')])
        .where('id', '=', id)
        .where('businessId', '=', businessId)
        .where('purpose', '=', 'channel_deposit')
        .executeTakeFirst()
      if (!r) return undefined
      const { at, ...row } = r
      return { row: toRow(row), at }
    },

    async find(businessId: string, id: string): Promise<DepositRow | undefined> {
      const r = await db
        .selectFrom('onchainInvoices')
        .select(COLUMNS)
        .where('id', '=', id)
        .where('businessId', '=', businessId)
        .where('purpose', '=', 'channel_deposit')
        .executeTakeFirst()
      return r && toRow(r)
    },

    /** The business's newest deposit not given up. */
    async latest(businessId: string): Promise<DepositRow | undefined> {
      const r = await db
        .selectFrom('onchainInvoices')
        .select(COLUMNS)
        .where('businessId', '=', businessId)
        .where('purpose', '=', 'channel_deposit')
        .where('expiredAt', 'is', null)
        .orderBy('createdAt', 'desc')
        .limit(1)
        .executeTakeFirst()
      return r && toRow(r)
    },

    /**
     * Takes the next `limit` deposits whose chain or channel state can still change, never
     * looked at first, then the longest unchecked, and marks them checked now: each pass moves
     * on to others, so deposits that never change cannot keep the rest waiting. A deposit taken
     * by a pass running at the same time is skipped.
     */
    async claimDue(limit: number): Promise<DepositRow[]> {
      const rows = await db
        .updateTable('onchainInvoices')
        .set({ checkedAt: sql`clock_timestamp()` })
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('onchainInvoices')
            .select('id')
            .where('purpose', '=', 'channel_deposit')
            .where('expiredAt', 'is', null)
            .where('channelState', 'in', MOVING)
            .orderBy(sql`checked_at NULLS FIRST`)
            .orderBy('createdAt')
            .limit(limit)
            .forUpdate()
            .skipLocked(),
        )
        .returning(COLUMNS)
        .execute()
      return rows.map(toRow)
    },

    /**
     * Gives up the deposits to which nothing was paid in `olderThanMs` since they were made,
     * announcing each; returns how many.
     */
    async expireUnpaid(olderThanMs: number): Promise<number> {
      const rows = await db
        .with('changed', (qb) =>
          qb
            .updateTable('onchainInvoices')
            .set({ expiredAt: sql`clock_timestamp()`, updatedAt: sql`clock_timestamp()` })
            .where('purpose', '=', 'channel_deposit')
            .where('expiredAt', 'is', null)
            .where('channelState', '=', 'waiting_for_deposit')
            .where('status', '=', 'unused')
            .where('receivedSat', '=', '0')
            .where(
              'createdAt',
              '<',
              sql<Date>`clock_timestamp() - make_interval(secs => ${olderThanMs / 1000})`,
            )
            .returning(['id', 'businessId', changedAt.as('at')]),
        )
        .selectFrom('changed')
        .select(announceChanged.as('notified'))
        .execute()
      return rows.length
    },

    async updateChain(
      id: string,
      patch: Pick<DepositRow, 'status' | 'confirmations' | 'receivedSat' | 'txid'>,
    ): Promise<void> {
      await change(id, patch)
    },

    /**
     * Moves the channel state only from the expected one; false when someone else did. In `trx`
     * when given, so that what follows from the move commits (and is told) with it.
     */
    async moveChannel(
      id: string,
      from: ChannelState[],
      to: ChannelState,
      patch: {
        channelPoint?: string | null
        channelError?: string | null
        channelErrorCode?: ChannelErrorCode | null
      } = {},
      trx?: Transaction<Database>,
    ): Promise<boolean> {
      return change(id, { channelState: to, ...patch }, from, trx)
    },
  }
}

export type DepositRepo = ReturnType<typeof createDepositRepo>
