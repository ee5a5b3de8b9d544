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

/** A channel deposit's row, amounts as numbers. */
export type DepositRow = Omit<
  Int8AsNumber<Selectable<OnchainInvoicesTable>, 'amountSat' | 'receivedSat'>,
  'purpose'
>

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
  'createdAt',
  'updatedAt',
] as const

type Raw = Omit<Selectable<OnchainInvoicesTable>, 'purpose'>

function toRow(r: Raw): DepositRow {
  return { ...r, amountSat: Number(r.amountSat), receivedSat: Number(r.receivedSat) }
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
    async insert(businessId: string, address: string, amountSat: number): Promise<DepositRow> {
      return db.transaction().execute(async (trx) => {
        const r = await trx
          .insertInto('onchainInvoices')
          .values({ businessId, purpose: 'channel_deposit', address, amountSat })
          .returning(COLUMNS)
          .executeTakeFirstOrThrow()
        await change(r.id, {}, undefined, trx)
        return toRow(r)
      })
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

    async latest(businessId: string): Promise<DepositRow | undefined> {
      const r = await db
        .selectFrom('onchainInvoices')
        .select(COLUMNS)
        .where('businessId', '=', businessId)
        .where('purpose', '=', 'channel_deposit')
        .orderBy('createdAt', 'desc')
        .limit(1)
        .executeTakeFirst()
      return r && toRow(r)
    },

    /** Deposits whose chain or channel state can still change. */
    async active(limit = 100): Promise<DepositRow[]> {
      const rows = await db
        .selectFrom('onchainInvoices')
        .select(COLUMNS)
        .where('purpose', '=', 'channel_deposit')
        .where('channelState', 'in', ['waiting_for_deposit', 'opening', 'manual'])
        .orderBy('updatedAt')
        .limit(limit)
        .execute()
      return rows.map(toRow)
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
      patch: { channelPoint?: string | null; channelError?: string | null } = {},
      trx?: Transaction<Database>,
    ): Promise<boolean> {
      return change(id, { channelState: to, ...patch }, from, trx)
    },
  }
}

export type DepositRepo = ReturnType<typeof createDepositRepo>
