import { businessProcedure, router } from '../../trpc/init'
import { salesChanges } from './changes'
import { ZTransactionsInput } from './schemas'

/** `sales.*`: the dashboard, the transaction list and their live changes (members only). */
export const salesRouter = router({
  dashboard: businessProcedure.query(({ ctx }) => ctx.services.sales.dashboard(ctx.business.id)),
  transactions: businessProcedure
    .input(ZTransactionsInput)
    .query(({ ctx, input }) => ctx.services.sales.transactions(ctx.business.id, input)),
  /** A signal each time a payment of the business changes, for pages to refresh then. */
  changes: businessProcedure.subscription(async function* ({ ctx, signal }) {
    yield* salesChanges(ctx.services.bus, ctx.business.id, signal)
  }),
})
