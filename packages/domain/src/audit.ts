/**
 * A business's audit log: who (a member, a device, a staff member at a terminal, the operator or
 * the system) did what, when and from where. The vocabulary of what is recorded lives here once:
 * the server writes these names, the web names them in the user's language (`audit.actions.*`)
 * and filters by their group (the part before the dot). The inputs' checks are in
 * `audit-input.ts` (zod stays out of the pages that only name the acts).
 */
export const AUDIT_ACTOR_KINDS = ['member', 'device', 'staff', 'operator', 'system'] as const
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number]

export const AUDIT_ACTIONS = [
  'member.invited',
  'member.invitation_revoked',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'ownership.transferred',
  'payout.requested',
  'payout.sent',
  'payout.failed',
  'wallet.replaced',
  'node.autoloop_changed',
  'node.loop_out_requested',
  'node.channel_closed',
  'node.unlocked',
  'node.update_started',
  'node.backup_exported',
  'node.seed_revealed',
  'device.created',
  'device.renamed',
  'device.changed',
  'device.credentials_regenerated',
  'device.signed_out',
  'device.revoked',
  'staff.created',
  'staff.changed',
  'staff.pin_reset',
  'staff.unlocked',
  'staff.removed',
  'staff.tag_added',
  'staff.tag_removed',
  'device_settings.changed',
  'device_settings.image_changed',
  'tips.page_created',
  'tips.page_changed',
  'tips.page_removed',
  'z_report.closed',
  'business.settings_changed',
  'webhook.added',
  'webhook.removed',
  'api_key.created',
  'api_key.revoked',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

/** The groups actions are filtered by: `device` stands for every `device.*` action. */
export const AUDIT_ACTION_GROUPS = [
  'member',
  'ownership',
  'payout',
  'wallet',
  'node',
  'device',
  'staff',
  'device_settings',
  'tips',
  'z_report',
  'business',
  'webhook',
  'api_key',
] as const
export type AuditActionGroup = (typeof AUDIT_ACTION_GROUPS)[number]

export const auditGroupOf = (action: AuditAction): AuditActionGroup =>
  action.slice(0, action.indexOf('.')) as AuditActionGroup

/** What is kept of an event's details: flat values only, never a secret. */
export type AuditDetails = Record<string, string | number | boolean | null>

export const AUDIT_PAGE_DEFAULT = 50
export const AUDIT_PAGE_MAX = 200

/** The columns of the audit log's CSV, in order. */
export const AUDIT_CSV_HEADER = [
  'id',
  'at',
  'actor_kind',
  'actor_id',
  'actor_name',
  'action',
  'subject_kind',
  'subject_id',
  'subject_name',
  'details',
  'ip',
  'user_agent',
] as const
