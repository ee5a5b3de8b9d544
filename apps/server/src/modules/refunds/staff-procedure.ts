/**
 * Device procedures a staff member signed in at the device may call only with a permission
 * (end-of-day reports, the refund report, refunds): refused with a catalogue code otherwise,
 * whatever the terminal shows. Never at a kiosk (the device's kiosk mode as it is now, whoever
 * signed in before it was switched on): `KIOSK_NO_STAFF`. Without a staff member signed in (or
 * one idle too long) `STAFF_SIGN_IN_REQUIRED`; a locked one `STAFF_LOCKED`; signed in by tag
 * `STAFF_PIN_REQUIRED`; with a PIN shorter than these need `STAFF_PIN_TOO_SHORT`. The call
 * counts as the staff member's use of the terminal.
 */
import type { StaffPermission } from '@app/domain'
import { deviceProcedure } from '../../trpc/device-procedure'

export function staffProcedure(permission: StaffPermission) {
  return deviceProcedure.use(async ({ ctx, next }) => {
    const staff = await ctx.services.staff.permitted(ctx.device, ctx.deviceSession, permission)
    await ctx.services.devices.staffActive(ctx.deviceSession)
    return next({ ctx: { staff } })
  })
}
