import { ZApiKeyInput } from '@app/domain'
import { z } from 'zod'
import { businessProcedure, router } from '../../trpc/init'
import { memberAuditOf } from '../audit'

/** A business's API keys for its web shop: owners and admins list, create and revoke them. */
export const apiKeysRouter = router({
  list: businessProcedure('apiKeys.manage').query(({ ctx }) =>
    ctx.services.apiKeys.list(ctx.business.id),
  ),
  /** The new key is in the answer, and never again. */
  create: businessProcedure('apiKeys.manage')
    .input(z.object({ data: ZApiKeyInput }))
    .mutation(({ ctx, input }) =>
      ctx.services.apiKeys.create(ctx.business.id, input.data, memberAuditOf(ctx)),
    ),
  revoke: businessProcedure('apiKeys.manage')
    .input(z.object({ keyId: z.uuid() }))
    .mutation(({ ctx, input }) =>
      ctx.services.apiKeys.revoke(ctx.business.id, input.keyId, memberAuditOf(ctx)),
    ),
})
