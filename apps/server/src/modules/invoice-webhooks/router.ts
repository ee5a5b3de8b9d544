import {
  WEBHOOK_DELIVERIES_PAGE,
  WEBHOOK_DELIVERIES_PAGE_MAX,
  ZBusinessWebhookInput,
} from '@app/domain'
import { z } from 'zod'
import { businessProcedure, router } from '../../trpc/init'
import { memberAuditOf } from '../audit'

const ZWebhookId = z.object({ webhookId: z.uuid() })
const ZDeliveryId = z.object({ deliveryId: z.uuid() })

/** A business's webhooks for invoice events, their delivery log, redeliveries and test calls. */
export const invoiceWebhooksRouter = router({
  list: businessProcedure('integrations.manage').query(({ ctx }) =>
    ctx.services.invoiceWebhooks.list(ctx.business.id),
  ),
  create: businessProcedure('integrations.manage')
    .input(ZBusinessWebhookInput)
    .mutation(({ ctx, input }) =>
      ctx.services.invoiceWebhooks.create(ctx.business.id, input, memberAuditOf(ctx)),
    ),
  remove: businessProcedure('integrations.manage')
    .input(ZWebhookId)
    .mutation(({ ctx, input }) =>
      ctx.services.invoiceWebhooks.remove(ctx.business.id, input.webhookId, memberAuditOf(ctx)),
    ),
  deliveries: businessProcedure('integrations.manage')
    .input(
      z.object({
        webhookId: z.uuid().optional(),
        /** the last delivery of the page before */
        cursor: z.uuid().optional(),
        limit: z
          .number()
          .int()
          .min(1)
          .max(WEBHOOK_DELIVERIES_PAGE_MAX)
          .default(WEBHOOK_DELIVERIES_PAGE),
      }),
    )
    .query(({ ctx, input }) =>
      ctx.services.invoiceWebhooks.deliveries(ctx.business.id, {
        webhookId: input.webhookId,
        after: input.cursor,
        limit: input.limit,
      }),
    ),
  redeliver: businessProcedure('integrations.manage')
    .input(ZDeliveryId)
    .mutation(({ ctx, input }) =>
      ctx.services.invoiceWebhooks.redeliver(ctx.business.id, input.deliveryId),
    ),
  sendTest: businessProcedure('integrations.manage')
    .input(ZWebhookId)
    .mutation(({ ctx, input }) =>
      ctx.services.invoiceWebhooks.sendTest(ctx.business.id, input.webhookId),
    ),
})
