/**
 * Device procedures a staff member signed in at the device may call only with a permission
 * (end-of-day reports, the refund report, refunds): refused with a catalogue code otherwise,
 * whatever the terminal shows. Without a staff member signed in (or one idle too long) the code
 * is `STAFF_SIGN_IN_REQUIRED`; the call counts as the staff member's use of the terminal.
 */
import type { StaffPermission } from '@app/domain'
import { DomainError } from '../../lib/errors'
import { deviceProcedure } from '../../trpc/device-procedure'

export function staffProcedure(permission: StaffPermission) {
  return deviceProcedure.use(async ({ ctx, next }) => {
    const staff = await ctx.services.staff.current(ctx.device.businessId, ctx.deviceSession.staffId)
    if (!staff) throw new DomainError('STAFF_SIGN_IN_REQUIRED', 'A staff member must sign in')
    await ctx.services.devices.staffActive(ctx.deviceSession)
    if (!staff.permissions.includes(permission)) {
      throw new DomainError('STAFF_PERMISSION_REQUIRED', `Needs the ${permission} permission`, {
        permission,
      })
    }
    return next({ ctx: { staff } })
  })
}
