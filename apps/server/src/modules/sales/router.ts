import { businessProcedure, router } from '../../trpc/init'
import { ZTransactionsInput } from './schemas'

/** `sales.*`: the dashboard and the transaction list of one business (members only). */
export const salesRouter = router({
  dashboard: businessProcedure.query(({ ctx }) => ctx.services.sales.dashboard(ctx.business.id)),
  transactions: businessProcedure
    .input(ZTransactionsInput)
    .query(({ ctx, input }) => ctx.services.sales.transactions(ctx.business.id, input)),
})
