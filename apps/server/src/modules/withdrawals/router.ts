import { tracked } from '@trpc/server'
import { ZWithdrawConfirmInput, ZWithdrawQuoteInput } from '@app/domain'
import { z } from 'zod'
import { businessAreaProcedure, router } from '../../trpc/init'
import { memberAuditOf } from '../audit'
import { consentActorOf } from '../consent'

/** Withdrawing needs a business whose wallet is connected. */
const withdrawProcedure = businessAreaProcedure('payouts')

/** `withdrawals.*`: money out of the business's wallet. */
export const withdrawalsRouter = router({
  balances: withdrawProcedure.query(({ ctx, signal }) =>
    ctx.services.withdrawals.balances(ctx.business.id, signal),
  ),
  quote: withdrawProcedure
    .input(z.object({ quote: ZWithdrawQuoteInput }))
    .mutation(({ ctx, input, signal }) =>
      ctx.services.withdrawals.quote(
        { businessId: ctx.business.id, userId: ctx.user.id },
        input.quote,
        signal,
      ),
    ),
  confirm: withdrawProcedure.input(ZWithdrawConfirmInput).mutation(({ ctx, input }) =>
    // not cut short by the page going away: a payment once started is seen to its end
    ctx.services.withdrawals.confirm({ ...consentActorOf(ctx), audit: memberAuditOf(ctx) }, input),
  ),
  list: withdrawProcedure.query(({ ctx }) => ctx.services.withdrawals.list(ctx.business.id)),
  /** Older withdrawals, a page at a time: `cursor` is the last withdrawal's id already shown. */
  page: withdrawProcedure
    .input(z.object({ cursor: z.uuid().nullish() }))
    .query(({ ctx, input }) =>
      ctx.services.withdrawals.page(ctx.business.id, input.cursor ?? null),
    ),
  /** The list now and after every change; tracked, for pages that reconnect. */
  watch: withdrawProcedure
    .input(z.object({ lastEventId: z.string().max(64).nullish() }))
    .subscription(async function* ({ ctx, input, signal }) {
      const changes = ctx.services.withdrawals.follow(ctx.business.id, signal, input.lastEventId)
      for await (const change of changes) yield tracked(change.id, change.value)
    }),
})
