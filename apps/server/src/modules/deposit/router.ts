import { tracked } from '@trpc/server'
import { z } from 'zod'
import { businessProcedure, router } from '../../trpc/init'

const ZDepositInput = z.object({ onchainInvoiceId: z.uuid() })

/** `deposit.*`: the channel deposit of a business's own node (members only). */
export const depositRouter = router({
  current: businessProcedure('wallet.read').query(({ ctx }) =>
    ctx.services.deposits.current(ctx.business.id),
  ),
  create: businessProcedure('wallet.manage')
    .input(
      z.object({
        amountSat: z.number().int().positive().max(2_100_000_000_000_000),
      }),
    )
    .mutation(({ ctx, input, signal }) =>
      ctx.services.deposits.create(ctx.business, input.amountSat, signal),
    ),
  get: businessProcedure('wallet.read')
    .input(ZDepositInput)
    .query(({ ctx, input }) => ctx.services.deposits.get(ctx.business.id, input.onchainInvoiceId)),
  /**
   * The deposit now and at every change; tracked by the change time, so a page reconnecting
   * with `lastEventId` gets the deposit again only if it changed while away.
   */
  watch: businessProcedure('wallet.read')
    .input(ZDepositInput.extend({ lastEventId: z.string().max(64).nullish() }))
    .subscription(async function* ({ ctx, input, signal }) {
      const { deposits } = ctx.services
      const events = deposits.watch(
        ctx.business.id,
        input.onchainInvoiceId,
        signal,
        input.lastEventId,
      )
      for await (const event of events) yield tracked(event.at, event.deposit)
    }),
  retryChannel: businessProcedure('wallet.manage')
    .input(ZDepositInput)
    .mutation(({ ctx, input, signal }) =>
      ctx.services.deposits.retryChannel(ctx.business.id, input.onchainInvoiceId, signal),
    ),
})
