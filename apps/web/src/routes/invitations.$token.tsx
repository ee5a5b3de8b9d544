import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { SimpleShell } from '@/features/shell/simple-shell'
import { InvitationPage } from '@/features/team/invitation-page'
import { useTRPC } from '@/lib/trpc'

export const Route = createFileRoute('/invitations/$token')({
  component: InvitationRoute,
})

function InvitationRoute() {
  const { token } = Route.useParams()
  const trpc = useTRPC()
  // opened signed out (to sign up or sign in and accept): nothing to sign out of
  const me = useQuery(trpc.auth.getProfile.queryOptions())
  return (
    <SimpleShell signedIn={Boolean(me.data)}>
      <InvitationPage token={token} />
    </SimpleShell>
  )
}
