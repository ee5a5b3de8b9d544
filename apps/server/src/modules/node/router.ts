import { z } from 'zod'
import { watchChanges } from '../../lib/watch'
import { businessProcedure, router } from '../../trpc/init'

const ZPassword = z.string().max(200)

export const nodeRouter = router({
  status: businessProcedure.query(({ ctx, signal }) =>
    ctx.services.nodes.status(ctx.business.id, signal),
  ),
  watch: businessProcedure.subscription(async function* ({ ctx, signal }) {
    yield* watchChanges(() => ctx.services.nodes.status(ctx.business.id, signal), {
      intervalMs: ctx.services.config.pollIntervals.nodeMs,
      signal,
    })
  }),
  request: businessProcedure.mutation(({ ctx, signal }) =>
    ctx.services.nodes.request(ctx.business, signal),
  ),
  initialise: businessProcedure
    .input(z.object({ password: ZPassword, confirmPassword: ZPassword }))
    .mutation(({ ctx, input, signal }) =>
      ctx.services.nodes.initialise(ctx.business, input, signal),
    ),
  confirmSeed: businessProcedure.mutation(({ ctx }) =>
    ctx.services.nodes.confirmSeed(ctx.business),
  ),
  revealSeed: businessProcedure
    .input(z.object({ password: ZPassword }))
    .mutation(({ ctx, input }) => ctx.services.nodes.revealSeed(ctx.business.id, input.password)),
})

const ZDepositInput = z.object({ onchainInvoiceId: z.uuid() })

export const depositRouter = router({
  current: businessProcedure.query(({ ctx }) => ctx.services.deposits.current(ctx.business.id)),
  create: businessProcedure
    .input(z.object({ amountSat: z.number().int().positive().max(2_100_000_000_000_000) }))
    .mutation(({ ctx, input, signal }) =>
      ctx.services.deposits.create(ctx.business, input.amountSat, signal),
    ),
  get: businessProcedure
    .input(ZDepositInput)
    .query(({ ctx, input }) => ctx.services.deposits.get(ctx.business.id, input.onchainInvoiceId)),
  watch: businessProcedure.input(ZDepositInput).subscription(async function* ({
    ctx,
    input,
    signal,
  }) {
    yield* watchChanges(() => ctx.services.deposits.get(ctx.business.id, input.onchainInvoiceId), {
      intervalMs: ctx.services.config.pollIntervals.depositMs,
      signal,
    })
  }),
  retryChannel: businessProcedure
    .input(ZDepositInput)
    .mutation(({ ctx, input, signal }) =>
      ctx.services.deposits.retryChannel(ctx.business.id, input.onchainInvoiceId, signal),
    ),
})
