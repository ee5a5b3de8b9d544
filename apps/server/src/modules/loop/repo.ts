/** Loop swaps of merchants' own nodes: every query on `loop_swaps`. */
import type { LoopSwapStatus } from '@app/domain'
import { sql, type Selectable } from 'kysely'
import type { Db } from '../../db/database'
import { withAudit, type AuditEvent } from '../audit'
import type { LoopSwapsTable } from '../../db/schema'

export type LoopSwapRow = Selectable<LoopSwapsTable>

interface NewLoopSwap {
  businessId: string
  userId: string | null
  initiator: 'merchant' | 'autoloop'
  idempotencyKey: string
  swapId?: string
  status?: LoopSwapStatus
  amountSat: number
  destAddress: string | null
  swapFeeSat: number
  prepaySat: number
  sweepFeeSat: number
  confTarget: number
  createdAt?: Date
}

interface LoopSwapPatch {
  swapId?: string
  status?: LoopSwapStatus
  failureReason?: string | null
  costSat?: number | null
}

const FINAL: LoopSwapStatus[] = ['succeeded', 'failed']

export function createLoopRepo(db: Db) {
  return {
    /** The new row, or null when the business already has one with this key. */
    /** The new swap (null when its key is known already), with its audit event when given. */
    async insert(
      swap: NewLoopSwap,
      audit?: (row: LoopSwapRow) => AuditEvent,
    ): Promise<LoopSwapRow | null> {
      return withAudit(
        db,
        async (trx) =>
          (await trx
            .insertInto('loopSwaps')
            .values(swap)
            .onConflict((oc) => oc.columns(['businessId', 'idempotencyKey']).doNothing())
            .returningAll()
            .executeTakeFirst()) ?? null,
        (row) => (row && audit ? audit(row) : null),
      )
    },

    findByKey(businessId: string, idempotencyKey: string): Promise<LoopSwapRow | undefined> {
      return db
        .selectFrom('loopSwaps')
        .selectAll()
        .where('businessId', '=', businessId)
        .where('idempotencyKey', '=', idempotencyKey)
        .executeTakeFirst()
    },

    /** Swap ids already recorded for the business (autoloop's are recorded once). */
    async knownSwapIds(businessId: string): Promise<Set<string>> {
      const rows = await db
        .selectFrom('loopSwaps')
        .select('swapId')
        .where('businessId', '=', businessId)
        .where('swapId', 'is not', null)
        .execute()
      return new Set(rows.map((r) => r.swapId!))
    },

    /** Changes a row that is not final yet; the row as it is afterwards. */
    async update(id: string, patch: LoopSwapPatch): Promise<LoopSwapRow | undefined> {
      const isFinal = patch.status !== undefined && FINAL.includes(patch.status)
      return db
        .updateTable('loopSwaps')
        .set({ ...patch, updatedAt: new Date(), ...(isFinal ? { finishedAt: new Date() } : {}) })
        .where('id', '=', id)
        .where('status', 'not in', FINAL)
        .returningAll()
        .executeTakeFirst()
    },

    list(businessId: string, limit = 50): Promise<LoopSwapRow[]> {
      return db
        .selectFrom('loopSwaps')
        .selectAll()
        .where('businessId', '=', businessId)
        .orderBy('createdAt', 'desc')
        .limit(limit)
        .execute()
    },

    /**
     * Rows to follow: swaps loopd runs, rows whose request had no clear answer (`unknown`), and
     * rows left `pending` longer than `stalePendingMs` (their request may have died).
     */
    open(stalePendingMs: number, limit = 200): Promise<LoopSwapRow[]> {
      return db
        .selectFrom('loopSwaps')
        .selectAll()
        .where('status', 'not in', FINAL)
        .where((eb) =>
          eb.or([
            eb('status', '<>', 'pending'),
            eb(
              'updatedAt',
              '<',
              sql<Date>`now() - make_interval(secs => ${stalePendingMs / 1000})`,
            ),
          ]),
        )
        .orderBy('updatedAt')
        .limit(limit)
        .execute()
    },
  }
}

export type LoopRepo = ReturnType<typeof createLoopRepo>
