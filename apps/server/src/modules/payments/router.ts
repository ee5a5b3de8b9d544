import { tracked } from '@trpc/server'
import { ZSafeText } from '@app/domain'
import { z } from 'zod'
import { businessAreaProcedure, businessProcedure, router } from '../../trpc/init'
import { paymentEventId } from './follow'

const ZAmount = z.union([
  z.object({ sat: z.number().int().positive() }),
  z.object({ fiatMinor: z.number().int().positive() }),
])

export const ZCreatePaymentInput = z.object({
  amount: ZAmount,
  memo: ZSafeText.trim().max(200).default(''),
  idempotencyKey: z.string().min(8).max(100).optional(),
})

/** Taking payments needs a business whose wallet is connected. */
const takingProcedure = businessAreaProcedure('payments.take')

export const paymentsRouter = router({
  /** What this business's wallet can take; the pages offer only that. */
  capabilities: businessProcedure('business.read').query(({ ctx }) =>
    ctx.services.walletCapabilities(ctx.business.id),
  ),
  createLightning: takingProcedure
    .input(ZCreatePaymentInput)
    .mutation(({ ctx, input, signal }) =>
      ctx.services.payments.createLightning(ctx.business, input, signal),
    ),
  createOnchain: takingProcedure
    .input(ZCreatePaymentInput)
    .mutation(({ ctx, input, signal }) =>
      ctx.services.payments.createOnchain(ctx.business, input, signal),
    ),
  get: businessProcedure('sales.read')
    .input(z.object({ paymentId: z.uuid() }))
    .query(({ ctx, input }) => ctx.services.payments.get(ctx.business.id, input.paymentId)),
  /**
   * The payment now and after every change; tracked, so a page reconnecting with `lastEventId`
   * gets the payment again only if it changed while the page was away.
   */
  follow: businessProcedure('sales.read')
    .input(
      z.object({
        paymentId: z.uuid(),
        lastEventId: z.string().max(64).nullish(),
      }),
    )
    .subscription(async function* ({ ctx, input, signal }) {
      const { payments } = ctx.services
      const views = payments.follow(ctx.business.id, input.paymentId, signal, input.lastEventId)
      for await (const view of views) yield tracked(paymentEventId(view), view)
    }),
})
