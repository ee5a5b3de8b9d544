/**
 * Ecash the platform holds for a business (change from melts, proofs kept when a redemption
 * could not finish), sealed at rest.
 */
import type { Selectable } from 'kysely'
import type { Db } from '../../db/database'
import type { EcashChangeTable } from '../../db/schema'
import type { SecretBox } from '../../lib/secrets'

type EcashChangeRow = Selectable<EcashChangeTable>

/** Ecash held for a payment: the row's columns, its proofs as opened (sealed at rest). */
export type HeldEcash = Pick<EcashChangeRow, 'businessId' | 'mintUrl' | 'reason'> & {
  paymentId: string
  proofs: { id: string; amount: number; secret: string; C: string }[]
}

export function createEcashRepo(db: Db, secrets: SecretBox) {
  return {
    async hold(e: HeldEcash): Promise<void> {
      if (e.proofs.length === 0) return
      await db
        .insertInto('ecashChange')
        .values({
          businessId: e.businessId,
          paymentId: e.paymentId,
          mintUrl: e.mintUrl,
          reason: e.reason,
          amountSat: e.proofs.reduce((sum, p) => sum + p.amount, 0),
          proofs: { sealed: secrets.encrypt(JSON.stringify(e.proofs)) },
        })
        .execute()
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
  }
}

export type EcashRepo = ReturnType<typeof createEcashRepo>
