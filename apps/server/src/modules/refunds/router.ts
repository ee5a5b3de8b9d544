import { ZRefundCreate, ZRefundPeriod } from '@app/domain'
import { z } from 'zod'
import { DomainError } from '../../lib/errors'
import { router } from '../../trpc/init'
import { deviceAuditOf } from '../audit'
import { staffProcedure } from './staff-procedure'

const refundProcedure = staffProcedure('refund')
const DAY_MS = 86_400_000

/**
 * `refunds.*`, called by a terminal as itself with a staff member signed in who may refund:
 * settled payments to refund (the device's recent ones, or one by the id on its receipt), a
 * refund of all or part of one, and how a refund stands.
 */
export const refundsRouter = router({
  payments: refundProcedure
    .input(z.object({ since: z.iso.datetime({ offset: true }).optional() }))
    .query(async ({ ctx, input }) => {
      const since = input.since ? new Date(input.since) : new Date(Date.now() - DAY_MS)
      if (Date.now() - since.getTime() > 7 * DAY_MS) {
        throw new DomainError('VALIDATION', 'At most a week back')
      }
      return ctx.services.refunds.settledPayments(ctx.device.id, since)
    }),
  payment: refundProcedure
    .input(z.object({ paymentId: z.uuid() }))
    .query(({ ctx, input }) =>
      ctx.services.refunds.payment(ctx.device.businessId, input.paymentId),
    ),
  create: refundProcedure
    .input(ZRefundCreate)
    .mutation(({ ctx, input }) =>
      ctx.services.refunds.create(
        { device: ctx.device, staff: ctx.staff, audit: deviceAuditOf(ctx) },
        input,
      ),
    ),
  /** The refund report: refunds in a period, with who made them. */
  report: staffProcedure('refundReport')
    .input(ZRefundPeriod)
    .query(({ ctx, input }) =>
      ctx.services.refunds.report(ctx.device.businessId, new Date(input.from), new Date(input.to)),
    ),
  get: refundProcedure
    .input(z.object({ refundId: z.uuid() }))
    .query(({ ctx, input }) => ctx.services.refunds.get(ctx.device.businessId, input.refundId)),
})
