/**
 * A business is a team: each member has one role, and what a role may do is written here once.
 * The server checks `can` on every business procedure and route (each declares its permission);
 * the web asks the same `can` to hide what a role cannot use. The inputs' checks are in
 * `roles-input.ts` (zod stays out of every page that only asks `can`).
 */
export const MEMBER_ROLES = ['owner', 'admin', 'manager', 'accountant'] as const
export type MemberRole = (typeof MEMBER_ROLES)[number]

export function isMemberRole(value: unknown): value is MemberRole {
  return typeof value === 'string' && (MEMBER_ROLES as readonly string[]).includes(value)
}

/** One name per capability a business procedure or route needs. */
export const PERMISSIONS = [
  /** the business's name, currency, onboarding step and what it can take (every member) */
  'business.read',
  /** the dashboard, transactions, a payment's detail, the device and staff names they show */
  'sales.read',
  /** the transactions' CSV */
  'exports',
  /** Z reports and closed shifts */
  'terminalReports.read',
  /** the wallet's and node's state as the dashboard shows it (no secrets) */
  'wallet.read',
  /** charges in the business area (Lightning, on-chain, ecash) */
  'payments.take',
  /** withdrawals: balances, quotes, sending, their history */
  'payouts',
  /** the wallet connection, exchange keys, channel deposits, Loop and autoloop */
  'wallet.manage',
  /** the own node: unlock, seed, backups, updates */
  'node.manage',
  /** devices (tills and kiosks), their logins */
  'devices.manage',
  /** staff members, their PINs and tags */
  'staff.manage',
  /** what every device shows: logo, screen saver, tips, receipts */
  'deviceSettings.manage',
  /** tip pages */
  'tips.manage',
  /** the point-of-sale API's webhooks, and the invoice webhooks of selling online */
  'integrations.manage',
  /** API keys for a web shop (the invoice API) */
  'apiKeys.manage',
  /** payment links, and invalidating an online invoice */
  'paymentLinks.manage',
  /** the application (company, directors, …) and its submission */
  'business.settings',
  /** the audit log */
  'auditLog.read',
  /** members and invitations */
  'members.manage',
  /** giving the business to another member */
  'ownership.transfer',
  /** whether admins may pay out */
  'payoutPolicy.manage',
  /** the daily sales summary by mail, which each owner turns on or off for themselves */
  'dailySummary',
] as const
export type Permission = (typeof PERMISSIONS)[number]

/** The business's own rules that widen a role. */
export interface BusinessPolicy {
  /** admins may pay out (off unless an owner turns it on) */
  adminsMayPayOut: boolean
}

const READS = [
  'business.read',
  'sales.read',
  'exports',
  'terminalReports.read',
  'wallet.read',
] as const satisfies readonly Permission[]

const OWNER_ONLY = new Set<Permission>([
  'members.manage',
  'ownership.transfer',
  'payoutPolicy.manage',
  'dailySummary',
])

/** What each role may always do (admins' payouts depend on the business: see `can`). */
const GRANTS: Record<MemberRole, ReadonlySet<Permission>> = {
  owner: new Set(PERMISSIONS),
  admin: new Set(PERMISSIONS.filter((p) => !OWNER_ONLY.has(p) && p !== 'payouts')),
  manager: new Set<Permission>([
    ...READS,
    'payments.take',
    'devices.manage',
    'staff.manage',
    'deviceSettings.manage',
    'tips.manage',
    'paymentLinks.manage',
  ]),
  accountant: new Set<Permission>([...READS, 'auditLog.read']),
}

/** Whether a member with this role may do what the permission names, in a business so set. */
export function can(role: MemberRole, permission: Permission, policy?: BusinessPolicy): boolean {
  if (permission === 'payouts' && role === 'admin') return policy?.adminsMayPayOut === true
  return GRANTS[role].has(permission)
}

/** How long an invitation may be accepted. */
export const INVITATION_VALID_DAYS = 7

/** Roles an invitation may give (ownership is transferred, never invited). */
export const INVITABLE_ROLES = ['admin', 'manager', 'accountant'] as const
export type InvitableRole = (typeof INVITABLE_ROLES)[number]
