import { ZDeviceCredentials, ZDeviceSignOut, ZStaffSignIn } from '@app/domain'
import { DomainError } from '../../lib/errors'
import { DEVICE_SESSION_COOKIE, deviceProcedure } from '../../trpc/device-procedure'
import { publicProcedure, router } from '../../trpc/init'

/**
 * What a terminal calls as itself: sign in with its credentials (an httpOnly cookie), who it is
 * and who is signed in at it, the staff to pick from, staff sign-in with their PIN or an RFID
 * tag, and sign-out. A kiosk (as the device is now) has no staff: it signs out with the PIN of a
 * staff member who may close shifts.
 */
export const deviceRouter = router({
  signIn: publicProcedure.input(ZDeviceCredentials).mutation(async ({ ctx, input }) => {
    const { token, expiresAt, device } = await ctx.services.devices.signIn(
      input.loginId,
      input.secret,
      'cookie',
    )
    ctx.cookies.set(DEVICE_SESSION_COOKIE, token, expiresAt)
    return { device }
  }),
  /**
   * Whose credentials these are, without signing in: a paired terminal asks before switching.
   * A mutation, so the secret travels in the body, never in a URL.
   */
  preview: publicProcedure.input(ZDeviceCredentials).mutation(async ({ ctx, input }) => {
    const device = await ctx.services.devices.preview(input.loginId, input.secret)
    const businessName = await ctx.services.deviceSettings.businessName(device.businessId)
    return { businessName, deviceName: device.name }
  }),
  me: deviceProcedure.query(async ({ ctx }) => ({
    device: ctx.device,
    staff: await ctx.services.staff.current(ctx.device, ctx.deviceSession),
  })),
  /** The business's staff to pick from before keying a PIN: names only, and who is locked. */
  staff: deviceProcedure.query(({ ctx }) => ctx.services.staff.picker(ctx.device)),
  staffSignIn: deviceProcedure.input(ZStaffSignIn).mutation(async ({ ctx, input }) => {
    const staff = await ctx.services.staff.signInAtDevice(ctx.device, input)
    await ctx.services.devices.setSessionStaff(ctx.deviceSession.idHash, staff)
    return staff
  }),
  /** The staff member is using the terminal (sent at most every few seconds while they do). */
  staffActive: deviceProcedure.mutation(async ({ ctx }) => {
    await ctx.services.devices.staffActive(ctx.deviceSession)
    return { signedIn: ctx.deviceSession.staffId !== null }
  }),
  staffSignOut: deviceProcedure.mutation(async ({ ctx }) => {
    await ctx.services.devices.setSessionStaff(ctx.deviceSession.idHash, null)
    return { ok: true as const }
  }),
  signOut: deviceProcedure.input(ZDeviceSignOut).mutation(async ({ ctx, input }) => {
    if (ctx.device.isKiosk) {
      if (!input?.pin) {
        throw new DomainError('STAFF_PIN_REQUIRED', 'A kiosk signs out with a staff PIN')
      }
      await ctx.services.staff.confirmUnpair(ctx.device, input.pin)
    }
    await ctx.services.devices.endSession(ctx.deviceSession.idHash)
    ctx.cookies.clear(DEVICE_SESSION_COOKIE)
    return { ok: true as const }
  }),
  /** What the terminal shows: logo, name, receipt text, screen saver and theme. */
  settings: deviceProcedure.query(({ ctx }) =>
    ctx.services.deviceSettings.get(ctx.device.businessId),
  ),
  /** Staff permission check a terminal asks before a guarded screen (EOD, refunds). */
  requireStaff: deviceProcedure.query(async ({ ctx }) => {
    if (ctx.device.isKiosk) {
      throw new DomainError('KIOSK_NO_STAFF', 'A kiosk has no staff sign-in, refunds or shifts')
    }
    const staff = await ctx.services.staff.current(ctx.device, ctx.deviceSession)
    if (!staff) throw new DomainError('STAFF_SIGN_IN_REQUIRED', 'A staff member must sign in')
    return staff
  }),
})
