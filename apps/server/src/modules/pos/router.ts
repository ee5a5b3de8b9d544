import { ZPosWebhookInput } from '@app/domain'
import { z } from 'zod'
import { businessProcedure, router } from '../../trpc/init'

const ZDeviceId = z.object({ deviceId: z.uuid() })

/** The owner's webhooks to tills (one per device) and the log of their deliveries. */
export const posRouter = router({
  webhooks: businessProcedure('integrations.manage').query(({ ctx }) =>
    ctx.services.webhooks.list(ctx.business.id),
  ),
  setWebhook: businessProcedure('integrations.manage')
    .input(ZDeviceId.extend(ZPosWebhookInput.shape))
    .mutation(({ ctx, input }) =>
      ctx.services.webhooks.set(ctx.business.id, input.deviceId, input.url),
    ),
  removeWebhook: businessProcedure('integrations.manage')
    .input(ZDeviceId)
    .mutation(({ ctx, input }) => ctx.services.webhooks.remove(ctx.business.id, input.deviceId)),
  deliveries: businessProcedure('integrations.manage').query(({ ctx }) =>
    ctx.services.webhooks.deliveries(ctx.business.id),
  ),
})
