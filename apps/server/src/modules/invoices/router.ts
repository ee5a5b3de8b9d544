import { INVOICE_STATUSES, ZPaymentLinkInput } from '@app/domain'
import { z } from 'zod'
import { businessProcedure, router } from '../../trpc/init'

/** The dashboard's side of selling online: invoices and payment links. */
export const invoicesRouter = router({
  list: businessProcedure('sales.read')
    .input(
      z.object({
        status: z.enum(INVOICE_STATUSES).optional(),
        paymentLinkId: z.string().max(40).optional(),
        cursor: z.string().max(200).optional(),
        limit: z.number().int().min(1).max(100).default(25),
      }),
    )
    .query(({ ctx, input }) => ctx.services.invoices.list(ctx.business.id, input)),
  get: businessProcedure('sales.read')
    .input(z.object({ invoiceId: z.uuid() }))
    .query(({ ctx, input }) => ctx.services.invoices.get(ctx.business.id, input.invoiceId)),
  invalidate: businessProcedure('paymentLinks.manage')
    .input(z.object({ invoiceId: z.uuid() }))
    .mutation(async ({ ctx, input }) => {
      await ctx.services.invoices.invalidate(ctx.business.id, input.invoiceId)
      return ctx.services.invoices.get(ctx.business.id, input.invoiceId)
    }),

  /** An on-chain part payment accepted as the invoice's payment (the merchant's call). */
  acceptPartial: businessProcedure('paymentLinks.manage')
    .input(z.object({ invoiceId: z.uuid() }))
    .mutation(async ({ ctx, input }) => {
      const row = await ctx.services.invoices.acceptPartial(ctx.business.id, input.invoiceId)
      await ctx.services.invoiceSync.sync(row)
      return ctx.services.invoices.get(ctx.business.id, input.invoiceId)
    }),

  links: businessProcedure('sales.read').query(({ ctx }) =>
    ctx.services.paymentLinks.list(ctx.business.id),
  ),
  createLink: businessProcedure('paymentLinks.manage')
    .input(ZPaymentLinkInput)
    .mutation(({ ctx, input }) => ctx.services.paymentLinks.create(ctx.business.id, input)),
  setLinkActive: businessProcedure('paymentLinks.manage')
    .input(z.object({ linkId: z.string().max(40), active: z.boolean() }))
    .mutation(({ ctx, input }) =>
      ctx.services.paymentLinks.setActive(ctx.business.id, input.linkId, input.active),
    ),
})
