import { tracked } from '@trpc/server'
import { z } from 'zod'
import { businessProcedure, router } from '../../trpc/init'
import { ZTransactionsInput } from './schemas'

/**
 * `sales.*`: the dashboard, the transaction list, one payment's detail and their live changes
 * (members only).
 */
export const salesRouter = router({
  dashboard: businessProcedure('sales.read').query(({ ctx }) =>
    ctx.services.sales.dashboard(ctx.business.id),
  ),
  transactions: businessProcedure('sales.read')
    .input(ZTransactionsInput)
    .query(({ ctx, input }) => ctx.services.sales.transactions(ctx.business.id, input)),
  /** One payment with its device, staff member, tip and refunds (the transaction's detail). */
  payment: businessProcedure('sales.read')
    .input(z.object({ paymentId: z.uuid() }))
    .query(({ ctx, input }) => ctx.services.sales.payment(ctx.business.id, input.paymentId)),
  /**
   * A signal each time a payment of the business changes, for pages to refresh then; tracked,
   * so a page reconnecting with `lastEventId` is told of what changed while it was away.
   */
  changes: businessProcedure('sales.read')
    .input(z.object({ lastEventId: z.string().max(64).nullish() }))
    .subscription(async function* ({ ctx, input, signal }) {
      const changes = ctx.services.sales.changes(ctx.business.id, signal, input.lastEventId)
      for await (const change of changes) yield tracked(change.at, { changedAt: change.changedAt })
    }),
})
