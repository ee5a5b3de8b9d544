import { DEVICE_IMAGE_KINDS, ZDeviceSettingsPatch } from '@app/domain'
import { z } from 'zod'
import { businessProcedure, router } from '../../trpc/init'
import { memberAuditOf } from '../audit'

/** The settings all of a business's terminals share; images are uploaded over HTTP (`http.ts`). */
export const deviceSettingsRouter = router({
  get: businessProcedure('deviceSettings.manage').query(({ ctx }) =>
    ctx.services.deviceSettings.get(ctx.business.id),
  ),
  update: businessProcedure('deviceSettings.manage')
    .input(ZDeviceSettingsPatch)
    .mutation(({ ctx, input }) =>
      ctx.services.deviceSettings.update(ctx.business.id, input, memberAuditOf(ctx)),
    ),
  removeImage: businessProcedure('deviceSettings.manage')
    .input(z.object({ kind: z.enum(DEVICE_IMAGE_KINDS) }))
    .mutation(({ ctx, input }) =>
      ctx.services.deviceSettings.removeImage(ctx.business.id, input.kind, memberAuditOf(ctx)),
    ),
})
