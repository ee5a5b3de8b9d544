import { z } from 'zod'
import { businessProcedure, router } from '../../trpc/init'
import { deviceAuditOf } from '../audit'
import { staffProcedure } from '../refunds'

const eodProcedure = staffProcedure('eodReport')

/**
 * `shifts.*`: end-of-day reports. At a terminal, with a staff member who may: the X report (the
 * shift so far) and the Z report (closing it). For the owner: a device's Z report history.
 */
export const shiftsRouter = router({
  x: eodProcedure.query(({ ctx }) => ctx.services.shifts.current(ctx.device.id)),
  close: eodProcedure.mutation(({ ctx }) =>
    ctx.services.shifts.close(
      ctx.device.businessId,
      ctx.device.id,
      ctx.staff.id,
      deviceAuditOf(ctx),
    ),
  ),
  history: businessProcedure('terminalReports.read')
    .input(z.object({ deviceId: z.uuid() }))
    .query(({ ctx, input }) => ctx.services.shifts.history(ctx.business.id, input.deviceId)),
})
