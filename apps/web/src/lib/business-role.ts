import { can, type MemberRole, type Permission } from '@app/domain'
import { useQuery } from '@tanstack/react-query'
import { useTRPC } from '@/lib/trpc'

/**
 * The caller's role in the business and what it allows (the domain's role matrix, as the server
 * applies it); `allows` says no until the role is known.
 */
export function useBusinessRole(businessId: string): {
  role: MemberRole | undefined
  allows: (permission: Permission) => boolean
  isPending: boolean
} {
  const trpc = useTRPC()
  const { data, isPending } = useQuery(trpc.businesses.get.queryOptions({ businessId }))
  return {
    role: data?.role,
    isPending,
    allows: (permission) =>
      data ? can(data.role, permission, { adminsMayPayOut: data.adminsMayPayOut }) : false,
  }
}

/** The permission a business page needs, by its path below /$businessId; null: every member. */
export function permissionOfPage(path: string): Permission | null {
  const rules: [string, Permission][] = [
    ['/sales/', 'sales.read'],
    ['/devices/logins', 'devices.manage'],
    ['/devices/stafflogins', 'staff.manage'],
    ['/devices/settings', 'deviceSettings.manage'],
    ['/bitcoin/withdraw', 'payouts'],
    ['/bitcoin/take-payments/lightning-tips', 'tips.manage'],
    ['/bitcoin/take-payments/', 'payments.take'],
    ['/bitcoin/', 'wallet.manage'],
    ['/audit-log', 'auditLog.read'],
    ['/team', 'members.manage'],
    ['/online/webhooks', 'integrations.manage'],
    ['/online/api-keys', 'apiKeys.manage'],
    ['/online/', 'sales.read'],
  ]
  return rules.find(([prefix]) => path.startsWith(prefix))?.[1] ?? null
}
