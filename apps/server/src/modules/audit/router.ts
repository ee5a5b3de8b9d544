import { ZAuditListInput } from '@app/domain'
import { businessProcedure, router } from '../../trpc/init'

/** `auditLog.*`: a business's audit log, newest first, with filters; the CSV is `http.ts`. */
export const auditLogRouter = router({
  list: businessProcedure('auditLog.read')
    .input(ZAuditListInput)
    .query(({ ctx, input }) => ctx.services.auditLog.list(ctx.business.id, input)),
  /** Everyone who appears in the log (members, devices, staff), to filter by. */
  actors: businessProcedure('auditLog.read').query(({ ctx }) =>
    ctx.services.auditLog.actors(ctx.business.id),
  ),
})
