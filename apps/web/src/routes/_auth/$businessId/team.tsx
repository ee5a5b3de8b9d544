import { createFileRoute } from '@tanstack/react-router'
import { TeamPage } from '@/features/team/team-page'

export const Route = createFileRoute('/_auth/$businessId/team')({
  component: TeamRoute,
})

function TeamRoute() {
  const { businessId } = Route.useParams()
  return <TeamPage businessId={businessId} />
}
