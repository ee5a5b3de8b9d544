import { createFileRoute } from '@tanstack/react-router'
import { SimpleShell } from '@/features/shell/simple-shell'
import { InvitationPage } from '@/features/team/invitation-page'

export const Route = createFileRoute('/invitations/$token')({
  component: InvitationRoute,
})

function InvitationRoute() {
  const { token } = Route.useParams()
  return (
    <SimpleShell>
      <InvitationPage token={token} />
    </SimpleShell>
  )
}
