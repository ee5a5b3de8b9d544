import { createFileRoute } from '@tanstack/react-router'
import { AccountLinkPage } from '@/features/auth/account-link-page'

/** A mailed account link: /link/reset-password/…, /link/verify-email/…, /link/confirm-email/… */
export const Route = createFileRoute('/link/$kind/$token')({
  component: AccountLinkRoute,
})

function AccountLinkRoute() {
  const { kind, token } = Route.useParams()
  return <AccountLinkPage kind={kind} token={token} />
}
