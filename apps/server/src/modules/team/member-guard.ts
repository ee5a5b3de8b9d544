/**
 * Open business subscriptions follow their member's role: each is registered under its business
 * and member with the permission it needs, and when the membership changes (told through
 * PostgreSQL NOTIFY, so on every instance) the member's role is read again and every stream it no
 * longer allows ends at once: NOT_FOUND for a member removed, ROLE_NOT_ALLOWED for one demoted.
 */
import { can, type ErrorCode, type MemberRole, type Permission } from '@app/domain'
import type { PgEventBus } from '../../lib/pg-events'
import { MEMBER_CHANGED_CHANNEL, type MemberChanged } from './repo'

interface Held {
  userId: string
  permission: Permission
  end: (code: ErrorCode) => void
}

export type FindMember = (
  businessId: string,
  userId: string,
) => Promise<{ role: MemberRole; adminsMayPayOut: boolean } | undefined>

export function createMemberGuard(deps: {
  bus: PgEventBus | undefined
  findMember: FindMember
  log?: (msg: string, err?: unknown) => void
}) {
  const byBusiness = new Map<string, Set<Held>>()
  let listening: Promise<void> | undefined

  async function recheck(change: MemberChanged): Promise<void> {
    const held = byBusiness.get(change.businessId)
    if (!held) return
    const affected = [...held].filter((h) => !change.userId || h.userId === change.userId)
    const members = new Map<string, Awaited<ReturnType<FindMember>>>()
    try {
      for (const userId of new Set(affected.map((h) => h.userId))) {
        members.set(userId, await deps.findMember(change.businessId, userId))
      }
    } catch (err) {
      deps.log?.('member of open subscriptions not checked', err)
      return
    }
    for (const h of affected) {
      const member = members.get(h.userId)
      if (!member) h.end('NOT_FOUND')
      else if (!can(member.role, h.permission, member)) h.end('ROLE_NOT_ALLOWED')
    }
  }

  function listen(): Promise<void> {
    listening ??= deps.bus
      ? deps.bus
          .subscribe(MEMBER_CHANGED_CHANNEL, (payload) => {
            if (isMemberChanged(payload)) void recheck(payload)
          })
          .then(
            () => undefined,
            (err: unknown) => {
              listening = undefined
              deps.log?.('membership changes not followed', err)
            },
          )
      : Promise.resolve()
    return listening
  }

  return {
    /**
     * Registers a subscription of the member on the business needing `permission`; `onEnd` is
     * called once with the refusal's code when a membership change takes that away.
     */
    async open(
      businessId: string,
      userId: string,
      permission: Permission,
      onEnd: (code: ErrorCode) => void,
    ): Promise<{ release: () => void }> {
      await listen()
      let set = byBusiness.get(businessId)
      if (!set) {
        set = new Set()
        byBusiness.set(businessId, set)
      }
      let ended = false
      const held: Held = {
        userId,
        permission,
        end: (code) => {
          if (ended) return
          ended = true
          onEnd(code)
        },
      }
      set.add(held)
      // A change between reading the member and listening is caught by looking once more.
      void recheck({ businessId, userId })
      return {
        release() {
          const current = byBusiness.get(businessId)
          if (!current?.delete(held)) return
          if (current.size === 0) byBusiness.delete(businessId)
        },
      }
    },

    /** Re-checks the member's (or every member's) open subscriptions here, as a notice does. */
    changed: (change: MemberChanged) => recheck(change),

    openCount: (businessId: string) => byBusiness.get(businessId)?.size ?? 0,

    close(): void {
      byBusiness.clear()
    },
  }
}

export type MemberGuard = ReturnType<typeof createMemberGuard>

function isMemberChanged(payload: unknown): payload is MemberChanged {
  if (typeof payload !== 'object' || payload === null) return false
  const { businessId, userId } = payload as Partial<MemberChanged>
  return typeof businessId === 'string' && (userId === undefined || typeof userId === 'string')
}
