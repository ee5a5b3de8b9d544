/** The role matrix (`can` in the domain package) applied to a member's business. */
import { can, type MemberRole, type Permission } from '@app/domain'
import { DomainError } from '../../lib/errors'

/** ROLE_NOT_ALLOWED unless the member's role in the business allows `permission`. */
export function requireRole(
  member: { role: MemberRole; adminsMayPayOut: boolean },
  permission: Permission,
): void {
  if (!can(member.role, permission, { adminsMayPayOut: member.adminsMayPayOut })) {
    throw new DomainError('ROLE_NOT_ALLOWED', 'Your role in this business does not allow this', {
      permission,
    })
  }
}
