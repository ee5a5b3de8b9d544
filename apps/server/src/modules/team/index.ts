/** What other modules may use of the team: the service and the membership notice. */
export type { TeamService } from './service'
export { MEMBER_CHANGED_CHANNEL, type MemberChanged } from './repo'
