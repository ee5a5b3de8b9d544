import { ZInviteInput, ZStepUpProof, INVITABLE_ROLES } from '@app/domain'
import { z } from 'zod'
import { memberAuditOf } from '../audit'
import { consentActorOf } from '../consent'
import { authedProcedure, businessProcedure, publicProcedure, router } from '../../trpc/init'

const ZMember = z.object({ userId: z.uuid() })
const ZToken = z.object({ token: z.string().min(20).max(200) })

/** `team.*`: a business's members, their roles and invitations; accepting one from its link. */
export const teamRouter = router({
  members: businessProcedure('members.manage').query(({ ctx }) =>
    ctx.services.team.members(ctx.business.id),
  ),
  invitations: businessProcedure('members.manage').query(({ ctx }) =>
    ctx.services.team.invitations(ctx.business.id),
  ),
  invite: businessProcedure('members.manage')
    .input(z.object({ data: ZInviteInput }))
    .mutation(({ ctx, input }) =>
      ctx.services.team.invite(ctx.business.id, ctx.user, input.data, memberAuditOf(ctx)),
    ),
  revoke: businessProcedure('members.manage')
    .input(z.object({ invitationId: z.string().max(64) }))
    .mutation(({ ctx, input }) =>
      ctx.services.team.revoke(ctx.business.id, input.invitationId, memberAuditOf(ctx)),
    ),
  changeRole: businessProcedure('members.manage')
    .input(ZMember.extend({ role: z.enum(INVITABLE_ROLES) }))
    .mutation(({ ctx, input }) =>
      ctx.services.team.changeRole(ctx.business.id, input.userId, input.role, memberAuditOf(ctx)),
    ),
  remove: businessProcedure('members.manage')
    .input(ZMember)
    .mutation(({ ctx, input }) =>
      ctx.services.team.remove(ctx.business.id, input.userId, memberAuditOf(ctx)),
    ),
  transferOwnership: businessProcedure('ownership.transfer')
    .input(ZMember.extend({ proof: ZStepUpProof.optional() }))
    .mutation(({ ctx, input }) =>
      ctx.services.team.transferOwnership(
        consentActorOf({ ...ctx, ip: ctx.ip }),
        input.userId,
        memberAuditOf(ctx),
        input.proof,
      ),
    ),
  setAdminsMayPayOut: businessProcedure('payoutPolicy.manage')
    .input(z.object({ allowed: z.boolean() }))
    .mutation(({ ctx, input }) =>
      ctx.services.team.setAdminsMayPayOut(ctx.business.id, input.allowed, memberAuditOf(ctx)),
    ),
  // An invitation's link: what it offers (anyone with the link), and accepting it (signed in).
  invitation: publicProcedure
    .input(ZToken)
    .query(({ ctx, input }) => ctx.services.team.peek(input.token)),
  accept: authedProcedure
    .input(ZToken)
    .mutation(({ ctx, input }) =>
      ctx.services.team.accept(ctx.user, input.token, memberAuditOf(ctx)),
    ),
})
