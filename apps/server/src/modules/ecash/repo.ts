/**
 * Ecash the platform holds for a business (change from melts, proofs kept when a redemption
 * could not finish), sealed at rest; the platform's ecash wallet seed and its NUT-13 counters;
 * and each redemption's progress, so one whose mint answer was lost can be finished later.
 */
import { sql, type Selectable, type Transaction } from 'kysely'
import type { Database } from '../../db/schema'
import type { Db } from '../../db/database'
import type { EcashChangeTable, EcashCounterRange, EcashRedemptionsTable } from '../../db/schema'
import { randomUUID } from 'node:crypto'
import { sealedAt, type SecretBox } from '../../lib/secrets'

type EcashChangeRow = Selectable<EcashChangeTable>
type Executor = Db | Transaction<Database>

/** Ecash held for a payment: the row's columns, its proofs as opened (sealed at rest). */
export type HeldEcash = Pick<EcashChangeRow, 'businessId' | 'mintUrl' | 'reason'> & {
  paymentId: string
  proofs: { id: string; amount: number; secret: string; C: string }[]
}

export type RedemptionStage = EcashRedemptionsTable['stage']

export interface Redemption {
  paymentId: string
  businessId: string
  mintUrl: string
  tokenSat: number
  currency: string | null
  stage: RedemptionStage
  counters: EcashCounterRange[]
  invoiceSat: number | null
  meltQuote: string | null
  updatedAt: Date
}

/** What finishing a redemption does to the ecash held for it, all or nothing. */
export interface Finish {
  /** drop what was held for this reason (kept proofs the melt spent) */
  release?: HeldEcash['reason']
  hold?: HeldEcash[]
}

export function createEcashRepo(db: Db, secrets: SecretBox) {
  async function insertHeld(ex: Executor, e: HeldEcash): Promise<void> {
    if (e.proofs.length === 0) return
    const id = randomUUID()
    await ex
      .insertInto('ecashChange')
      .values({
        id,
        businessId: e.businessId,
        paymentId: e.paymentId,
        mintUrl: e.mintUrl,
        reason: e.reason,
        amountSat: e.proofs.reduce((sum, p) => sum + p.amount, 0),
        proofs: { sealed: secrets.seal(JSON.stringify(e.proofs), sealedAt.ecashProofs(id)) },
      })
      .execute()
  }

  const redemptionColumns = [
    'paymentId',
    'businessId',
    'mintUrl',
    'tokenSat',
    'currency',
    'stage',
    'counters',
    'invoiceSat',
    'meltQuote',
    'updatedAt',
  ] as const

  function toRedemption(r: {
    paymentId: string
    businessId: string
    mintUrl: string
    tokenSat: string
    currency: string | null
    stage: RedemptionStage
    counters: EcashCounterRange[]
    invoiceSat: string | null
    meltQuote: string | null
    updatedAt: Date
  }): Redemption {
    return {
      ...r,
      tokenSat: Number(r.tokenSat),
      invoiceSat: r.invoiceSat === null ? null : Number(r.invoiceSat),
    }
  }

  return {
    async hold(e: HeldEcash): Promise<void> {
      await insertHeld(db, e)
    },

    /** Drops what was held for a payment for `reason` (kept proofs that were then melted). */
    async release(paymentId: string, reason: EcashChangeRow['reason']): Promise<void> {
      await db
        .deleteFrom('ecashChange')
        .where('paymentId', '=', paymentId)
        .where('reason', '=', reason)
        .execute()
    },

    async held(businessId: string): Promise<(Omit<HeldEcash, 'proofs'> & { amountSat: number })[]> {
      const rows = await db
        .selectFrom('ecashChange')
        .select(['businessId', 'paymentId', 'mintUrl', 'reason', 'amountSat'])
        .where('businessId', '=', businessId)
        .orderBy('createdAt')
        .execute()
      return rows.map((r) => ({
        ...r,
        paymentId: r.paymentId ?? '',
        amountSat: Number(r.amountSat),
      }))
    },

    /**
     * The platform's wallet words: created on first use with `create` (every instance agrees on
     * the first one written), then read back.
     */
    async walletMnemonic(create: () => string): Promise<string> {
      const existing = await db
        .selectFrom('ecashWalletSeed')
        .select('mnemonicSealed')
        .where('id', '=', 1)
        .executeTakeFirst()
      if (existing) return secrets.open(existing.mnemonicSealed, sealedAt.ecashMnemonic(1))
      await db
        .insertInto('ecashWalletSeed')
        .values({ mnemonicSealed: secrets.seal(create(), sealedAt.ecashMnemonic(1)) })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute()
      const row = await db
        .selectFrom('ecashWalletSeed')
        .select('mnemonicSealed')
        .where('id', '=', 1)
        .executeTakeFirstOrThrow()
      return secrets.open(row.mnemonicSealed, sealedAt.ecashMnemonic(1))
    },

    /**
     * Reserves `count` counters of a keyset for a redemption and records them on it, in one
     * transaction, before any output derived from them is sent to the mint.
     */
    async reserveCounters(
      paymentId: string,
      mintUrl: string,
      keysetId: string,
      count: number,
    ): Promise<EcashCounterRange> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('ecashCounters')
          .values({ mintUrl, keysetId, next: count })
          .onConflict((oc) =>
            oc
              .columns(['mintUrl', 'keysetId'])
              .doUpdateSet({ next: sql<number>`ecash_counters.next + ${count}` }),
          )
          .returning('next')
          .executeTakeFirstOrThrow()
        const range = { keysetId, start: row.next - count, count }
        if (count > 0) {
          const updated = await trx
            .updateTable('ecashRedemptions')
            .set({
              counters: sql<string>`counters || ${JSON.stringify([range])}::jsonb`,
              updatedAt: sql<Date>`now()`,
            })
            .where('paymentId', '=', paymentId)
            .executeTakeFirst()
          if (updated.numUpdatedRows === 0n) throw new Error('no redemption for these counters')
        }
        return range
      })
    },

    /** The next counter of a keyset, at least `next` from now on. */
    async advanceCounter(mintUrl: string, keysetId: string, next: number): Promise<void> {
      await db
        .insertInto('ecashCounters')
        .values({ mintUrl, keysetId, next })
        .onConflict((oc) =>
          oc
            .columns(['mintUrl', 'keysetId'])
            .doUpdateSet({ next: sql<number>`greatest(ecash_counters.next, ${next})` }),
        )
        .execute()
    },

    async startRedemption(r: {
      paymentId: string
      businessId: string
      mintUrl: string
      tokenSat: number
      currency: string | null
    }): Promise<void> {
      await db
        .insertInto('ecashRedemptions')
        .values({ ...r, stage: 'swap' })
        .execute()
    },

    /** The swap answered: its proofs are held (kept) for the business until the melt spends them. */
    async swapped(paymentId: string, kept: HeldEcash): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const moved = await trx
          .updateTable('ecashRedemptions')
          .set({ stage: 'melt', updatedAt: sql<Date>`now()` })
          .where('paymentId', '=', paymentId)
          .where('stage', '=', 'swap')
          .executeTakeFirst()
        if (moved.numUpdatedRows > 0n) await insertHeld(trx, kept)
      })
    },

    /**
     * The melt quote about to be paid with the held proofs, written before the melt request;
     * false when the redemption already has one (another look is melting it).
     */
    async melting(paymentId: string, meltQuote: string, invoiceSat: number): Promise<boolean> {
      const r = await db
        .updateTable('ecashRedemptions')
        .set({ meltQuote, invoiceSat, updatedAt: sql<Date>`now()` })
        .where('paymentId', '=', paymentId)
        .where('stage', '=', 'melt')
        .where('meltQuote', 'is', null)
        .executeTakeFirst()
      return r.numUpdatedRows > 0n
    },

    /**
     * Ends a redemption still at `from`, with what that does to its held ecash, once: false when
     * it was ended already (by another instance or an earlier look).
     */
    async finish(paymentId: string, from: RedemptionStage, effects: Finish = {}) {
      return db.transaction().execute(async (trx) => {
        const moved = await trx
          .updateTable('ecashRedemptions')
          .set({ stage: 'done', updatedAt: sql<Date>`now()` })
          .where('paymentId', '=', paymentId)
          .where('stage', '=', from)
          .executeTakeFirst()
        if (moved.numUpdatedRows === 0n) return false
        if (effects.release) {
          await trx
            .deleteFrom('ecashChange')
            .where('paymentId', '=', paymentId)
            .where('reason', '=', effects.release)
            .execute()
        }
        for (const h of effects.hold ?? []) await insertHeld(trx, h)
        return true
      })
    },

    /** Looked at now: the next sweep takes others first. */
    async touch(paymentId: string): Promise<void> {
      await db
        .updateTable('ecashRedemptions')
        .set({ updatedAt: sql<Date>`now()` })
        .where('paymentId', '=', paymentId)
        .execute()
    },

    async redemption(paymentId: string): Promise<Redemption | undefined> {
      const r = await db
        .selectFrom('ecashRedemptions')
        .select(redemptionColumns)
        .where('paymentId', '=', paymentId)
        .executeTakeFirst()
      return r && toRedemption(r)
    },

    /** Unfinished redemptions not looked at since `before`, the longest unlooked first. */
    async unfinished(before: Date, limit = 50): Promise<Redemption[]> {
      const rows = await db
        .selectFrom('ecashRedemptions')
        .select(redemptionColumns)
        .where('stage', '<>', 'done')
        .where('updatedAt', '<', before)
        .orderBy('updatedAt')
        .limit(limit)
        .execute()
      return rows.map(toRedemption)
    },
  }
}

export type EcashRepo = ReturnType<typeof createEcashRepo>
