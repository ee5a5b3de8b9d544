/** Two-factor sign-in's queries: the sealed secrets, the last time step taken, recovery codes. */
import type { Selectable } from 'kysely'
import type { Db } from '../../db/database'
import type { UsersTable } from '../../db/schema'

export type TwoFactorRow = Pick<
  Selectable<UsersTable>,
  'totpSecretSealed' | 'totpPendingSealed' | 'totpEnabledAt' | 'totpLastStep'
>

export function createTwoFactorRepo(db: Db) {
  return {
    async findTwoFactor(userId: string): Promise<TwoFactorRow | undefined> {
      return db
        .selectFrom('users')
        .select(['totpSecretSealed', 'totpPendingSealed', 'totpEnabledAt', 'totpLastStep'])
        .where('id', '=', userId)
        .executeTakeFirst()
    },

    async setPendingTotp(userId: string, sealed: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ totpPendingSealed: sealed })
        .where('id', '=', userId)
        .execute()
    },

    /**
     * Turns two-factor sign-in on with the confirmed secret, only if the pending secret is still
     * the one confirmed and it is not on yet; the recovery codes replace any earlier ones.
     */
    async enableTotp(
      userId: string,
      pendingSealed: string,
      secretSealed: string,
      step: number,
      codeHashes: string[],
      /** runs in the same transaction once it is on (the notice it mails) */
      then?: (trx: Db) => Promise<void>,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const res = await trx
          .updateTable('users')
          .set({
            totpSecretSealed: secretSealed,
            totpPendingSealed: null,
            totpEnabledAt: new Date(),
            totpLastStep: step,
          })
          .where('id', '=', userId)
          .where('totpPendingSealed', '=', pendingSealed)
          .where('totpSecretSealed', 'is', null)
          .executeTakeFirst()
        if (res.numUpdatedRows === 0n) return false
        await trx.deleteFrom('recoveryCodes').where('userId', '=', userId).execute()
        await trx
          .insertInto('recoveryCodes')
          .values(codeHashes.map((codeHash) => ({ userId, codeHash })))
          .execute()
        await then?.(trx)
        return true
      })
    },

    /**
     * Turns it off if it is on; `then` runs in the same transaction (the notice it mails). False
     * when it was already off (another request turned it off first): nothing changes, no notice.
     */
    async disableTotp(userId: string, then?: (trx: Db) => Promise<void>): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const res = await trx
          .updateTable('users')
          .set({
            totpSecretSealed: null,
            totpPendingSealed: null,
            totpEnabledAt: null,
            totpLastStep: null,
          })
          .where('id', '=', userId)
          .where('totpSecretSealed', 'is not', null)
          .executeTakeFirst()
        if (res.numUpdatedRows === 0n) return false
        await trx.deleteFrom('recoveryCodes').where('userId', '=', userId).execute()
        await then?.(trx)
        return true
      })
    },

    /** Takes a TOTP time step if it is later than every one taken: false when not (a replay). */
    async acceptTotpStep(userId: string, step: number): Promise<boolean> {
      const res = await db
        .updateTable('users')
        .set({ totpLastStep: step })
        .where('id', '=', userId)
        .where('totpSecretSealed', 'is not', null)
        .where((eb) =>
          eb.or([eb('totpLastStep', 'is', null), eb('totpLastStep', '<', String(step))]),
        )
        .executeTakeFirst()
      return res.numUpdatedRows > 0n
    },

    /** Uses a recovery code once: false when unknown or already used. */
    async useRecoveryCode(userId: string, codeHash: string): Promise<boolean> {
      const res = await db
        .updateTable('recoveryCodes')
        .set({ usedAt: new Date() })
        .where('userId', '=', userId)
        .where('codeHash', '=', codeHash)
        .where('usedAt', 'is', null)
        .executeTakeFirst()
      return res.numUpdatedRows > 0n
    },

    async replaceRecoveryCodes(userId: string, codeHashes: string[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('recoveryCodes').where('userId', '=', userId).execute()
        await trx
          .insertInto('recoveryCodes')
          .values(codeHashes.map((codeHash) => ({ userId, codeHash })))
          .execute()
      })
    },

    async countUnusedRecoveryCodes(userId: string): Promise<number> {
      const row = await db
        .selectFrom('recoveryCodes')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('userId', '=', userId)
        .where('usedAt', 'is', null)
        .executeTakeFirstOrThrow()
      return Number(row.n)
    },
  }
}
