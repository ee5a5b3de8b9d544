/**
 * The team's queries: members with their roles, invitations (found by their token's hash), and
 * the one notification every membership change sends (so open subscriptions follow at once).
 */
import type { InvitableRole, MemberRole } from '@app/domain'
import { sql, type Transaction } from 'kysely'
import type { Db } from '../../db/database'
import type { Database } from '../../db/schema'

/** Told on every instance when a member's role or membership changes (or the business's rules). */
export const MEMBER_CHANGED_CHANNEL = 'member_changed'

/** What `MEMBER_CHANGED_CHANNEL` says: the business, and the member (every member when absent). */
export interface MemberChanged {
  businessId: string
  userId?: string
}

export interface MemberListRow {
  userId: string
  email: string
  role: MemberRole
  createdAt: Date
}

export interface InvitationRow {
  id: string
  businessId: string
  email: string
  role: InvitableRole
  invitedBy: string | null
  createdAt: Date
  expiresAt: Date
  revokedAt: Date | null
  acceptedAt: Date | null
}

const INVITATION_COLUMNS = [
  'id',
  'businessId',
  'email',
  'role',
  'invitedBy',
  'createdAt',
  'expiresAt',
  'revokedAt',
  'acceptedAt',
] as const

type Executor = Db | Transaction<Database>

export function createTeamRepo(db: Db) {
  return {
    db,
    transaction: <T>(fn: (trx: Transaction<Database>) => Promise<T>) =>
      db.transaction().execute(fn),

    async members(businessId: string): Promise<MemberListRow[]> {
      return db
        .selectFrom('businessMembers')
        .innerJoin('users', 'users.id', 'businessMembers.userId')
        .select([
          'businessMembers.userId',
          'users.email',
          'businessMembers.role',
          'businessMembers.createdAt',
        ])
        .where('businessMembers.businessId', '=', businessId)
        .orderBy('businessMembers.createdAt', 'asc')
        .execute()
    },

    /** The business's members, locked until the transaction ends (role changes see one another). */
    async lockMembers(
      trx: Transaction<Database>,
      businessId: string,
    ): Promise<{ userId: string; email: string; role: MemberRole }[]> {
      return trx
        .selectFrom('businessMembers')
        .innerJoin('users', 'users.id', 'businessMembers.userId')
        .select(['businessMembers.userId', 'users.email', 'businessMembers.role'])
        .where('businessMembers.businessId', '=', businessId)
        .forUpdate('businessMembers')
        .execute()
    },

    async setRole(
      trx: Transaction<Database>,
      businessId: string,
      userId: string,
      role: MemberRole,
    ): Promise<void> {
      await trx
        .updateTable('businessMembers')
        .set({ role })
        .where('businessId', '=', businessId)
        .where('userId', '=', userId)
        .execute()
    },

    async removeMember(trx: Transaction<Database>, businessId: string, userId: string) {
      await trx
        .deleteFrom('businessMembers')
        .where('businessId', '=', businessId)
        .where('userId', '=', userId)
        .execute()
    },

    /**
     * How many businesses the user belongs to, with the user's row locked until the transaction
     * ends (a business created or joined meanwhile waits, so the limit holds).
     */
    async lockedMembershipCount(trx: Transaction<Database>, userId: string): Promise<number> {
      await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute()
      const { count } = await trx
        .selectFrom('businessMembers')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('userId', '=', userId)
        .executeTakeFirstOrThrow()
      return Number(count)
    },

    async addMember(
      trx: Transaction<Database>,
      businessId: string,
      userId: string,
      role: MemberRole,
    ): Promise<boolean> {
      const row = await trx
        .insertInto('businessMembers')
        .values({ businessId, userId, role })
        .onConflict((oc) => oc.columns(['businessId', 'userId']).doNothing())
        .returning('userId')
        .executeTakeFirst()
      return row !== undefined
    },

    async isMemberByEmail(ex: Executor, businessId: string, email: string): Promise<boolean> {
      const row = await ex
        .selectFrom('businessMembers')
        .innerJoin('users', 'users.id', 'businessMembers.userId')
        .select('businessMembers.userId')
        .where('businessMembers.businessId', '=', businessId)
        .where(sql<string>`lower(users.email)`, '=', email.toLowerCase())
        .executeTakeFirst()
      return row !== undefined
    },

    /** false when it already was `value` (nothing changed) */
    async setAdminsMayPayOut(ex: Executor, businessId: string, value: boolean): Promise<boolean> {
      const changed = await ex
        .updateTable('businesses')
        .set({ adminsMayPayOut: value })
        .where('id', '=', businessId)
        .where('adminsMayPayOut', '<>', value)
        .returning('id')
        .executeTakeFirst()
      if (changed) await notifyMemberChanged(ex, { businessId })
      return changed !== undefined
    },

    async adminsMayPayOut(businessId: string): Promise<boolean> {
      const row = await db
        .selectFrom('businesses')
        .select('adminsMayPayOut')
        .where('id', '=', businessId)
        .executeTakeFirst()
      return row?.adminsMayPayOut === true
    },

    /** Invitations neither accepted nor revoked (expired ones too), the newest first. */
    async openInvitations(businessId: string): Promise<InvitationRow[]> {
      return db
        .selectFrom('invitations')
        .select(INVITATION_COLUMNS)
        .where('businessId', '=', businessId)
        .where('revokedAt', 'is', null)
        .where('acceptedAt', 'is', null)
        .orderBy('createdAt', 'desc')
        .execute()
    },

    /** Ends an open invitation to the address that has expired (a new one may take its place). */
    async revokeExpired(trx: Transaction<Database>, businessId: string, email: string, now: Date) {
      await trx
        .updateTable('invitations')
        .set({ revokedAt: now })
        .where('businessId', '=', businessId)
        .where('email', '=', email)
        .where('revokedAt', 'is', null)
        .where('acceptedAt', 'is', null)
        .where('expiresAt', '<=', now)
        .execute()
    },

    /** The new invitation; undefined when one to the address is open already. */
    async insertInvitation(
      trx: Transaction<Database>,
      row: {
        businessId: string
        email: string
        role: InvitableRole
        tokenHash: string
        invitedBy: string
        expiresAt: Date
      },
    ): Promise<InvitationRow | undefined> {
      return trx
        .insertInto('invitations')
        .values(row)
        .onConflict((oc) =>
          oc
            .columns(['businessId', 'email'])
            .where('revokedAt', 'is', null)
            .where('acceptedAt', 'is', null)
            .doNothing(),
        )
        .returning(INVITATION_COLUMNS)
        .executeTakeFirst()
    },

    /** The invitation revoked; undefined when none open has that id in the business. */
    async revokeInvitation(
      trx: Transaction<Database>,
      businessId: string,
      id: string,
      now: Date,
    ): Promise<InvitationRow | undefined> {
      return trx
        .updateTable('invitations')
        .set({ revokedAt: now })
        .where('businessId', '=', businessId)
        .where('id', '=', id)
        .where('revokedAt', 'is', null)
        .where('acceptedAt', 'is', null)
        .returning(INVITATION_COLUMNS)
        .executeTakeFirst()
    },

    /** The invitation with its business's name; locked when a transaction is given. */
    async findInvitation(
      ex: Executor,
      tokenHash: string,
      lock = false,
    ): Promise<(InvitationRow & { businessName: string }) | undefined> {
      let q = ex
        .selectFrom('invitations')
        .innerJoin('businesses', 'businesses.id', 'invitations.businessId')
        .select(INVITATION_COLUMNS.map((c) => `invitations.${c}` as const))
        .select('businesses.name as businessName')
        .where('invitations.tokenHash', '=', tokenHash)
      if (lock) q = q.forUpdate('invitations')
      return q.executeTakeFirst()
    },

    async markAccepted(trx: Transaction<Database>, id: string, userId: string, now: Date) {
      await trx
        .updateTable('invitations')
        .set({ acceptedAt: now, acceptedBy: userId })
        .where('id', '=', id)
        .execute()
    },

    /** The language mail to the user is written in. */
    /** The language of the account with this address, when there is one. */
    async localeByEmail(ex: Executor, email: string): Promise<string | undefined> {
      const row = await ex
        .selectFrom('users')
        .select('locale')
        .where(sql<string>`lower(users.email)`, '=', email.toLowerCase())
        .executeTakeFirst()
      return row?.locale ?? undefined
    },

    async userLocale(ex: Executor, userId: string): Promise<string> {
      const row = await ex
        .selectFrom('users')
        .select('locale')
        .where('id', '=', userId)
        .executeTakeFirst()
      return row?.locale ?? 'en'
    },

    notifyMemberChanged,
  }
}

/** Sent when the transaction commits: every instance re-checks that member's open streams. */
async function notifyMemberChanged(trx: Executor, change: MemberChanged): Promise<void> {
  await sql`SELECT pg_notify(${MEMBER_CHANGED_CHANNEL}, ${JSON.stringify(change)})`.execute(trx)
}

export type TeamRepo = ReturnType<typeof createTeamRepo>
