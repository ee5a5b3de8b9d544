/** The team's inputs as the server checks them (the roles and their matrix are `roles.ts`). */
import { z } from 'zod'
import { INVITABLE_ROLES, MEMBER_ROLES } from './roles'

export const ZMemberRole = z.enum(MEMBER_ROLES)

export const ZInviteInput = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email()),
  role: z.enum(INVITABLE_ROLES),
})
export type InviteInput = z.infer<typeof ZInviteInput>
