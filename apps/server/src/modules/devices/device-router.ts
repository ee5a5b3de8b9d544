import { ZDeviceCredentials, ZStaffSignIn } from '@app/domain'
import { DomainError } from '../../lib/errors'
import { DEVICE_SESSION_COOKIE, deviceProcedure } from '../../trpc/device-procedure'
import { publicProcedure, router } from '../../trpc/init'

/**
 * What a terminal calls as itself: sign in with its credentials (an httpOnly cookie), who it is
 * and who is signed in at it, staff sign-in with a PIN or an RFID tag, and sign-out.
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
  me: deviceProcedure.query(async ({ ctx }) => ({
    device: ctx.device,
    staff: await ctx.services.staff.current(ctx.device.businessId, ctx.deviceSession.staffId),
  })),
  staffSignIn: deviceProcedure.input(ZStaffSignIn).mutation(async ({ ctx, input }) => {
    const staff = await ctx.services.staff.signInAtDevice(ctx.device, input)
    await ctx.services.devices.setSessionStaff(ctx.deviceSession.idHash, staff.id)
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
  signOut: deviceProcedure.mutation(async ({ ctx }) => {
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
    const staff = await ctx.services.staff.current(ctx.device.businessId, ctx.deviceSession.staffId)
    if (!staff) throw new DomainError('STAFF_SIGN_IN_REQUIRED', 'A staff member must sign in')
    return staff
  }),
})
