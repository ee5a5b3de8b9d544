/**
 * The queries of account recovery and verification: single-use account tokens (stored as
 * hashes) and the user columns they change.
 */
import { sql } from 'kysely'
import type { Db } from '../../db/database'
import type { AccountTokensTable } from '../../db/schema'

export type TokenPurpose = AccountTokensTable['purpose']

export interface AccountUser {
  id: string
  email: string
  passwordHash: string
  locale: string
  emailVerifiedAt: Date | null
  emailVerificationDueAt: Date
}

export interface TokenRow {
  tokenHash: string
  userId: string
  purpose: TokenPurpose
  email: string
  expiresAt: Date
  usedAt: Date | null
}

const USER_COLUMNS = [
  'id',
  'email',
  'passwordHash',
  'locale',
  'emailVerifiedAt',
  'emailVerificationDueAt',
] as const

export function createRecoveryRepo(db: Db) {
  return {
    async userByEmail(email: string): Promise<AccountUser | undefined> {
      return db
        .selectFrom('users')
        .select(USER_COLUMNS)
        .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
        .executeTakeFirst()
    },

    async userById(id: string, trx: Db = db): Promise<AccountUser | undefined> {
      return trx.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst()
    },

    /** A new token; the user's earlier unused tokens of the purpose stop working. */
    async insertToken(
      trx: Db,
      row: {
        tokenHash: string
        userId: string
        purpose: TokenPurpose
        email: string
        expiresAt: Date
      },
    ): Promise<void> {
      await trx
        .updateTable('accountTokens')
        .set({ usedAt: new Date() })
        .where('userId', '=', row.userId)
        .where('purpose', '=', row.purpose)
        .where('usedAt', 'is', null)
        .execute()
      await trx.insertInto('accountTokens').values(row).execute()
    },

    /** The token, locked for the transaction (two uses at once: one wins). */
    async lockToken(
      trx: Db,
      tokenHash: string,
      purpose: TokenPurpose,
    ): Promise<TokenRow | undefined> {
      return trx
        .selectFrom('accountTokens')
        .select(['tokenHash', 'userId', 'purpose', 'email', 'expiresAt', 'usedAt'])
        .where('tokenHash', '=', tokenHash)
        .where('purpose', '=', purpose)
        .forUpdate()
        .executeTakeFirst()
    },

    async findToken(tokenHash: string, purpose: TokenPurpose): Promise<TokenRow | undefined> {
      return db
        .selectFrom('accountTokens')
        .select(['tokenHash', 'userId', 'purpose', 'email', 'expiresAt', 'usedAt'])
        .where('tokenHash', '=', tokenHash)
        .where('purpose', '=', purpose)
        .executeTakeFirst()
    },

    async useToken(trx: Db, tokenHash: string): Promise<void> {
      await trx
        .updateTable('accountTokens')
        .set({ usedAt: new Date() })
        .where('tokenHash', '=', tokenHash)
        .execute()
    },

    /** The address change waiting for its confirmation, if any. */
    async pendingEmail(userId: string): Promise<string | null> {
      const row = await db
        .selectFrom('accountTokens')
        .select('email')
        .where('userId', '=', userId)
        .where('purpose', '=', 'change_email')
        .where('usedAt', 'is', null)
        .where('expiresAt', '>', new Date())
        .orderBy('createdAt', 'desc')
        .executeTakeFirst()
      return row?.email ?? null
    },

    /** A new password; the reset also proves the address, so it is verified if it was not. */
    async setPasswordFromReset(trx: Db, userId: string, passwordHash: string): Promise<void> {
      await trx
        .updateTable('users')
        .set({
          passwordHash,
          passwordChangedAt: new Date(),
          emailVerifiedAt: sql<Date>`coalesce(email_verified_at, now())`,
        })
        .where('id', '=', userId)
        .execute()
    },

    /** Verified, if the account's address is still the one the link was sent to. */
    async markVerified(trx: Db, userId: string, email: string): Promise<boolean> {
      const res = await trx
        .updateTable('users')
        .set({ emailVerifiedAt: sql<Date>`coalesce(email_verified_at, now())` })
        .where('id', '=', userId)
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst()
      return res.numUpdatedRows > 0n
    },

    /** The new address, verified; false when another account took it meanwhile. */
    async changeEmail(trx: Db, userId: string, email: string): Promise<boolean> {
      const taken = await trx
        .selectFrom('users')
        .select('id')
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .where('id', '<>', userId)
        .executeTakeFirst()
      if (taken) return false
      await trx
        .updateTable('users')
        .set({ email, emailVerifiedAt: new Date() })
        .where('id', '=', userId)
        .execute()
      return true
    },

    async setLocale(userId: string, locale: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ locale })
        .where('id', '=', userId)
        .where('locale', '<>', locale)
        .execute()
    },
  }
}

export type RecoveryRepo = ReturnType<typeof createRecoveryRepo>
