import { ZDeviceInput, ZDeviceName, ZOptionalMid } from '@app/domain'
import { z } from 'zod'
import { businessProcedure, router } from '../../trpc/init'
import { memberAuditOf } from '../audit'

const ZDeviceId = z.object({ deviceId: z.uuid() })

/** The owner's device logins: create, list, rename, kiosk, MID, regenerate, sign out, delete. */
export const devicesRouter = router({
  list: businessProcedure('devices.manage').query(({ ctx }) =>
    ctx.services.devices.list(ctx.business.id),
  ),
  /** Every device and staff member that may have taken a payment, removed ones too (filters). */
  people: businessProcedure('sales.read').query(async ({ ctx }) => ({
    devices: await ctx.services.devices.names(ctx.business.id),
    staff: await ctx.services.staff.names(ctx.business.id),
  })),
  create: businessProcedure('devices.manage')
    .input(ZDeviceInput)
    .mutation(({ ctx, input }) =>
      ctx.services.devices.create(
        ctx.business.id,
        {
          name: input.name,
          isKiosk: input.isKiosk,
          mid: input.mid,
        },
        memberAuditOf(ctx),
      ),
    ),
  update: businessProcedure('devices.manage')
    .input(
      ZDeviceId.extend({
        name: ZDeviceName.optional(),
        isKiosk: z.boolean().optional(),
        mid: ZOptionalMid.optional(),
      }),
    )
    .mutation(({ ctx, input }) =>
      ctx.services.devices.update(
        ctx.business.id,
        input.deviceId,
        {
          name: input.name,
          isKiosk: input.isKiosk,
          ...(input.mid === undefined ? {} : { mid: input.mid }),
        },
        memberAuditOf(ctx),
      ),
    ),
  regenerate: businessProcedure('devices.manage')
    .input(ZDeviceId)
    .mutation(({ ctx, input }) =>
      ctx.services.devices.regenerate(ctx.business.id, input.deviceId, memberAuditOf(ctx)),
    ),
  signOut: businessProcedure('devices.manage')
    .input(ZDeviceId)
    .mutation(({ ctx, input }) =>
      ctx.services.devices.signOutDevice(ctx.business.id, input.deviceId, memberAuditOf(ctx)),
    ),
  delete: businessProcedure('devices.manage')
    .input(ZDeviceId.extend({ confirmName: z.string().max(200) }))
    .mutation(({ ctx, input }) =>
      ctx.services.devices.delete(
        ctx.business.id,
        input.deviceId,
        input.confirmName,
        memberAuditOf(ctx),
      ),
    ),
})
