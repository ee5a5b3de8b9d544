/**
 * A business is a team. Owners invite people by email with a role (the link's token is kept only
 * hashed, valid INVITATION_VALID_DAYS, revocable, used once, by an account with that address),
 * change roles, remove members and give the business to another member (with the step-up of the
 * consent policy). A business always keeps an owner. Every membership change is told to every
 * instance, so the member's open streams follow at once.
 */
import {
  INVITATION_VALID_DAYS,
  type InvitableRole,
  type InviteInput,
  type MemberRole,
  type StepUpProof,
} from '@app/domain'
import type { Transaction } from 'kysely'
import type { Database } from '../../db/schema'
import { DomainError } from '../../lib/errors'
import { isUuid } from '../../lib/ids'
import { hashToken, newToken } from '../../lib/secrets'
import type { SecurityNotices } from '../../mail/security-notices'
import { recordAudit, type AuditBy } from '../audit'
import { MAX_BUSINESSES_PER_USER } from '../businesses'
import type { ConsentActor } from '../consent'
import type { MemberGuard } from './member-guard'
import type { InvitationRow, TeamRepo } from './repo'

const DAY_MS = 24 * 60 * 60 * 1000

/** What a new invitation asks to send (the link is built from the token here, and only here). */
export interface InvitationMail {
  to: string
  /** the invited account's language, or the inviter's when the address has no account yet */
  locale: string
  inviterEmail: string
  businessName: string
  role: InvitableRole
  link: string
  expiresAt: Date
}

export interface TeamDeps {
  repo: TeamRepo
  /** open business subscriptions, ended when their member loses the access */
  guard: MemberGuard
  publicUrl: string
  /** the step-up an ownership transfer needs (the consent policy's proof) */
  prove(actor: ConsentActor & { userId: string }, proof?: StepUpProof): Promise<unknown>
  /** EMAIL_NOT_VERIFIED unless the inviter's address is verified */
  requireVerifiedEmail(userId: string): Promise<void>
  /** the business's name, for the invitation's mail */
  businessName(businessId: string): Promise<string>
  /**
   * Sends the invitation; called inside the transaction that creates it (an outbox row written
   * with it), so an invitation is never made without its mail, nor mailed twice.
   */
  sendInvitationMail: (trx: Transaction<Database>, mail: InvitationMail) => Promise<unknown>
  /** how many businesses one account may belong to (MAX_BUSINESSES_PER_USER) */
  maxBusinessesPerUser?: number
  /** mails `member-added` / `-removed` to the business's owners in the change's transaction */
  notices?: SecurityNotices
  now?: () => Date
}

export type InvitationState = 'open' | 'expired' | 'revoked' | 'accepted'

function stateOf(inv: InvitationRow, now: Date): InvitationState {
  if (inv.acceptedAt) return 'accepted'
  if (inv.revokedAt) return 'revoked'
  if (inv.expiresAt.getTime() <= now.getTime()) return 'expired'
  return 'open'
}

export function invitationLink(publicUrl: string, token: string): string {
  return new URL(`/invitations/${token}`, publicUrl).toString()
}

export function createTeamService(deps: TeamDeps) {
  const { repo } = deps
  const now = deps.now ?? (() => new Date())
  const maxBusinesses = deps.maxBusinessesPerUser ?? MAX_BUSINESSES_PER_USER

  /** LAST_OWNER unless an owner other than `userId` remains among `members`. */
  function keepAnOwner(members: { userId: string; role: MemberRole }[], userId: string): void {
    if (!members.some((m) => m.role === 'owner' && m.userId !== userId)) {
      throw new DomainError('LAST_OWNER', 'A business always keeps an owner')
    }
  }

  function memberOf<M extends { userId: string; role: MemberRole }>(members: M[], userId: string) {
    const member = members.find((m) => m.userId === userId)
    if (!member) throw new DomainError('NOT_FOUND', 'Member not found')
    return member
  }

  return {
    members: (businessId: string) => repo.members(businessId),

    async invitations(businessId: string) {
      const at = now()
      return (await repo.openInvitations(businessId)).map((inv) => ({
        id: inv.id,
        email: inv.email,
        role: inv.role,
        createdAt: inv.createdAt,
        expiresAt: inv.expiresAt,
        state: stateOf(inv, at),
      }))
    },

    /**
     * An invitation to the address with the role, and its mail. ALREADY_MEMBER when the address
     * is a member's, INVITATION_PENDING when one to it is open; an expired one is replaced. The
     * link is given back too (the owner may pass it on themselves): the address must still match.
     */
    async invite(
      businessId: string,
      inviter: { id: string; email: string },
      input: InviteInput,
      by: AuditBy,
    ) {
      const invitedBy = inviter.id
      // an invitation goes out from a verified address only
      await deps.requireVerifiedEmail(invitedBy)
      const email = input.email.trim().toLowerCase()
      const at = now()
      const token = newToken()
      const businessName = await deps.businessName(businessId)
      const invitation = await repo.transaction(async (trx) => {
        if (await repo.isMemberByEmail(trx, businessId, email)) {
          throw new DomainError('ALREADY_MEMBER', 'This address belongs to a member already')
        }
        await repo.revokeExpired(trx, businessId, email, at)
        const row = await repo.insertInvitation(trx, {
          businessId,
          email,
          role: input.role,
          tokenHash: hashToken(token),
          invitedBy,
          expiresAt: new Date(at.getTime() + INVITATION_VALID_DAYS * DAY_MS),
        })
        if (!row) {
          throw new DomainError('INVITATION_PENDING', 'An invitation to this address is open')
        }
        // INVITATION MAIL: the one place an invitation is mailed, in its own transaction.
        await deps.sendInvitationMail(trx, {
          to: email,
          locale: (await repo.localeByEmail(trx, email)) ?? (await repo.userLocale(trx, invitedBy)),
          inviterEmail: inviter.email,
          businessName,
          role: input.role,
          link: invitationLink(deps.publicUrl, token),
          expiresAt: row.expiresAt,
        })
        await recordAudit(trx, {
          businessId,
          by,
          action: 'member.invited',
          subject: { kind: 'invitation', id: row.id, name: email },
          details: { role: input.role },
        })
        return row
      })
      return {
        id: invitation.id,
        email: invitation.email,
        role: invitation.role,
        expiresAt: invitation.expiresAt,
        link: invitationLink(deps.publicUrl, token),
      }
    },

    async revoke(businessId: string, invitationId: string, by: AuditBy): Promise<void> {
      if (!isUuid(invitationId))
        throw new DomainError('INVITATION_NOT_FOUND', 'Invitation not found')
      await repo.transaction(async (trx) => {
        const revoked = await repo.revokeInvitation(trx, businessId, invitationId, now())
        if (!revoked) throw new DomainError('INVITATION_NOT_FOUND', 'Invitation not found')
        await recordAudit(trx, {
          businessId,
          by,
          action: 'member.invitation_revoked',
          subject: { kind: 'invitation', id: revoked.id, name: revoked.email },
          details: { role: revoked.role },
        })
      })
    },

    /** What the link's page shows before accepting; INVITATION_NOT_FOUND for an unknown token. */
    async peek(token: string) {
      const inv = await repo.findInvitation(repo.db, hashToken(token))
      if (!inv) throw new DomainError('INVITATION_NOT_FOUND', 'Invitation not found')
      return {
        businessName: inv.businessName,
        email: inv.email,
        role: inv.role,
        expiresAt: inv.expiresAt,
        state: stateOf(inv, now()),
      }
    },

    /**
     * The signed-in user joins the business with the invitation's role: only with the address it
     * was sent to (INVITATION_OTHER_EMAIL), while open (INVITATION_EXPIRED, _REVOKED, _USED),
     * and within the businesses an account may belong to (BUSINESS_LIMIT_REACHED).
     */
    async accept(user: { id: string; email: string }, token: string, by: AuditBy) {
      return repo.transaction(async (trx) => {
        const inv = await repo.findInvitation(trx, hashToken(token), true)
        if (!inv) throw new DomainError('INVITATION_NOT_FOUND', 'Invitation not found')
        const at = now()
        const state = stateOf(inv, at)
        if (state === 'accepted') throw new DomainError('INVITATION_USED', 'Already accepted')
        if (state === 'revoked') throw new DomainError('INVITATION_REVOKED', 'Revoked')
        if (state === 'expired') throw new DomainError('INVITATION_EXPIRED', 'Expired')
        if (user.email.trim().toLowerCase() !== inv.email) {
          throw new DomainError('INVITATION_OTHER_EMAIL', 'Sign in with the invited address', {
            email: inv.email,
          })
        }
        if ((await repo.lockedMembershipCount(trx, user.id)) >= maxBusinesses) {
          throw new DomainError(
            'BUSINESS_LIMIT_REACHED',
            `An account may belong to at most ${maxBusinesses} businesses`,
          )
        }
        if (!(await repo.addMember(trx, inv.businessId, user.id, inv.role))) {
          throw new DomainError('ALREADY_MEMBER', 'You are a member of this business already')
        }
        await repo.markAccepted(trx, inv.id, user.id, at)
        await recordAudit(trx, {
          businessId: inv.businessId,
          by,
          action: 'member.joined',
          subject: { kind: 'member', id: user.id, name: user.email },
          details: { role: inv.role },
        })
        await deps.notices?.toOwners(trx, inv.businessId, 'member-added', {
          subject: user.email,
          from: by.origin.ip,
        })
        return { businessId: inv.businessId, role: inv.role }
      })
    },

    /** A member's new role (not owner: ownership is transferred); LAST_OWNER if none would stay. */
    async changeRole(
      businessId: string,
      userId: string,
      role: InvitableRole,
      by: AuditBy,
    ): Promise<void> {
      await repo.transaction(async (trx) => {
        const members = await repo.lockMembers(trx, businessId)
        const member = memberOf(members, userId)
        if (member.role === role) return
        if (member.role === 'owner') keepAnOwner(members, userId)
        await repo.setRole(trx, businessId, userId, role)
        await recordAudit(trx, {
          businessId,
          by,
          action: 'member.role_changed',
          subject: { kind: 'member', id: userId, name: member.email },
          details: { role, previousRole: member.role },
        })
        await repo.notifyMemberChanged(trx, { businessId, userId })
      })
    },

    async remove(businessId: string, userId: string, by: AuditBy): Promise<void> {
      await repo.transaction(async (trx) => {
        const members = await repo.lockMembers(trx, businessId)
        const member = memberOf(members, userId)
        if (member.role === 'owner') keepAnOwner(members, userId)
        await repo.removeMember(trx, businessId, userId)
        await recordAudit(trx, {
          businessId,
          by,
          action: 'member.removed',
          subject: { kind: 'member', id: userId, name: member.email },
          details: { role: member.role },
        })
        await deps.notices?.toOwners(trx, businessId, 'member-removed', {
          subject: member.email,
          from: by.origin.ip,
        })
        await repo.notifyMemberChanged(trx, { businessId, userId })
      })
    },

    /**
     * The business goes to another member, who becomes its owner; the owner giving it stays as an
     * admin. Needs the owner's step-up (the password and second factor, or a recent step-up).
     */
    async transferOwnership(
      actor: ConsentActor & { userId: string },
      toUserId: string,
      by: AuditBy,
      proof?: StepUpProof,
    ): Promise<void> {
      const { businessId } = actor
      if (toUserId === actor.userId) throw new DomainError('VALIDATION', 'Choose another member')
      await deps.prove(actor, proof)
      await repo.transaction(async (trx) => {
        const members = await repo.lockMembers(trx, businessId)
        const from = memberOf(members, actor.userId)
        if (from.role !== 'owner') {
          throw new DomainError('ROLE_NOT_ALLOWED', 'Only an owner gives the business away')
        }
        const to = memberOf(members, toUserId)
        await repo.setRole(trx, businessId, toUserId, 'owner')
        await repo.setRole(trx, businessId, actor.userId, 'admin')
        await recordAudit(trx, {
          businessId,
          by,
          action: 'ownership.transferred',
          subject: { kind: 'member', id: toUserId, name: to.email },
          details: { previousRole: to.role },
        })
        await repo.notifyMemberChanged(trx, { businessId })
      })
    },

    holdSubscription: (...args: Parameters<MemberGuard['open']>) => deps.guard.open(...args),
    closeGuard: () => deps.guard.close(),

    adminsMayPayOut: (businessId: string) => repo.adminsMayPayOut(businessId),
    /** Whether admins may pay out: a settings change of the business, in its audit log. */
    async setAdminsMayPayOut(businessId: string, value: boolean, by: AuditBy): Promise<void> {
      await repo.transaction(async (trx) => {
        if (!(await repo.setAdminsMayPayOut(trx, businessId, value))) return
        await recordAudit(trx, {
          businessId,
          by,
          action: 'business.settings_changed',
          details: { adminsMayPayOut: value },
        })
      })
    },
  }
}

export type TeamService = ReturnType<typeof createTeamService>
