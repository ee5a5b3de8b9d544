import type { Db } from '../../db/database'
import type { ChannelState, OnchainInvoiceStatus } from '../../db/schema'

export interface DepositRow {
  id: string
  businessId: string
  address: string
  amountSat: number
  status: OnchainInvoiceStatus
  confirmations: number
  receivedSat: number
  txid: string | null
  channelState: ChannelState
  channelPoint: string | null
  channelError: string | null
  createdAt: Date
  updatedAt: Date
}

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

type Raw = Omit<DepositRow, 'amountSat' | 'receivedSat'> & {
  amountSat: string
  receivedSat: string
}

function toRow(r: Raw): DepositRow {
  return { ...r, amountSat: Number(r.amountSat), receivedSat: Number(r.receivedSat) }
}

export function createDepositRepo(db: Db) {
  return {
    async insert(businessId: string, address: string, amountSat: number): Promise<DepositRow> {
      const r = await db
        .insertInto('onchainInvoices')
        .values({ businessId, purpose: 'channel_deposit', address, amountSat })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow()
      return toRow(r)
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
      await db
        .updateTable('onchainInvoices')
        .set({ ...patch, updatedAt: new Date() })
        .where('id', '=', id)
        .execute()
    },

    /** Moves the channel state only from the expected one; false when someone else did. */
    async moveChannel(
      id: string,
      from: ChannelState[],
      to: ChannelState,
      patch: { channelPoint?: string | null; channelError?: string | null } = {},
    ): Promise<boolean> {
      const res = await db
        .updateTable('onchainInvoices')
        .set({ channelState: to, ...patch, updatedAt: new Date() })
        .where('id', '=', id)
        .where('channelState', 'in', from)
        .executeTakeFirst()
      return res.numUpdatedRows > 0n
    },
  }
}

export type DepositRepo = ReturnType<typeof createDepositRepo>
