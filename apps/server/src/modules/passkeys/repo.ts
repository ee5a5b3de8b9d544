/** Passkeys' queries: the credentials of each account, and their ceremonies' challenges. */
import { sql, type Selectable } from 'kysely'
import type { Db } from '../../db/database'
import type { PasskeyChallengesTable, PasskeysTable } from '../../db/schema'

export type PasskeyRow = Selectable<PasskeysTable>
export type ChallengeRow = Selectable<PasskeyChallengesTable>

export interface NewPasskey {
  userId: string
  credentialId: string
  publicKey: Uint8Array
  counter: number
  transports: string[]
  userHandle: string
  deviceType: 'singleDevice' | 'multiDevice'
  isBackedUp: boolean
  name: string
}

/** What a challenge is bound to: its purpose and, but for a sign-in, the user and session. */
export type ChallengeBinding =
  | { purpose: 'sign-in' }
  | { purpose: 'register' | 'step-up'; userId: string; sessionIdHash: string }

export function createPasskeyRepo(db: Db) {
  return {
    async list(userId: string): Promise<PasskeyRow[]> {
      return db
        .selectFrom('passkeys')
        .selectAll()
        .where('userId', '=', userId)
        .orderBy('createdAt', 'asc')
        .execute()
    },

    async count(userId: string): Promise<number> {
      const row = await db
        .selectFrom('passkeys')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('userId', '=', userId)
        .executeTakeFirstOrThrow()
      return Number(row.n)
    },

    async byCredentialId(credentialId: string): Promise<PasskeyRow | undefined> {
      return db
        .selectFrom('passkeys')
        .selectAll()
        .where('credentialId', '=', credentialId)
        .executeTakeFirst()
    },

    /** The handle the account's passkeys were made for, if it has any. */
    async userHandleOf(userId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('passkeys')
        .select('userHandle')
        .where('userId', '=', userId)
        .limit(1)
        .executeTakeFirst()
      return row?.userHandle
    },

    /** Inserts the passkey; undefined when its credential id is registered already. */
    async insert(
      p: NewPasskey,
      /** runs in the insert's transaction once the passkey is kept (the notice it mails) */
      then?: (trx: Db, row: PasskeyRow) => Promise<void>,
    ): Promise<PasskeyRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('passkeys')
          .values(p)
          .onConflict((oc) => oc.column('credentialId').doNothing())
          .returningAll()
          .executeTakeFirst()
        if (row) await then?.(trx, row)
        return row
      })
    },

    async rename(userId: string, id: string, name: string): Promise<boolean> {
      const res = await db
        .updateTable('passkeys')
        .set({ name })
        .where('id', '=', id)
        .where('userId', '=', userId)
        .executeTakeFirst()
      return res.numUpdatedRows > 0n
    },

    async remove(
      userId: string,
      id: string,
      /** runs in the removal's transaction once it is gone (the notice it mails) */
      then?: (trx: Db, name: string) => Promise<void>,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .deleteFrom('passkeys')
          .where('id', '=', id)
          .where('userId', '=', userId)
          .returning('name')
          .executeTakeFirst()
        if (row) await then?.(trx, row.name)
        return row !== undefined
      })
    },

    /**
     * Records a use: the new counter, only if the stored one is still the one checked (two uses
     * at once cannot both pass). False when it moved meanwhile.
     */
    async used(id: string, checkedCounter: string, newCounter: number): Promise<boolean> {
      const res = await db
        .updateTable('passkeys')
        .set({ counter: newCounter, lastUsedAt: new Date() })
        .where('id', '=', id)
        .where('counter', '=', checkedCounter)
        .executeTakeFirst()
      return res.numUpdatedRows > 0n
    },

    /** Stores a new challenge, and drops the expired ones. */
    async addChallenge(
      row: Omit<ChallengeRow, 'createdAt' | 'userId' | 'sessionIdHash' | 'userHandle'> & {
        userId?: string
        sessionIdHash?: string
        userHandle?: string
      },
    ): Promise<void> {
      await db.deleteFrom('passkeyChallenges').where('expiresAt', '<=', new Date()).execute()
      await db.insertInto('passkeyChallenges').values(row).execute()
    },

    /**
     * Takes a challenge once: deleted and answered only if it is unexpired and bound to the
     * same purpose (and user and session); undefined otherwise (unknown, used, expired, or
     * someone else's).
     */
    async takeChallenge(
      challenge: string,
      binding: ChallengeBinding,
    ): Promise<ChallengeRow | undefined> {
      let q = db
        .deleteFrom('passkeyChallenges')
        .where('challenge', '=', challenge)
        .where('purpose', '=', binding.purpose)
        .where('expiresAt', '>', sql<Date>`now()`)
      if (binding.purpose !== 'sign-in') {
        q = q
          .where('userId', '=', binding.userId)
          .where('sessionIdHash', '=', binding.sessionIdHash)
      }
      return q.returningAll().executeTakeFirst()
    },
  }
}

export type PasskeyRepo = ReturnType<typeof createPasskeyRepo>
