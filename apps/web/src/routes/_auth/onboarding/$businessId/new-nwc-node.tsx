import { createFileRoute } from '@tanstack/react-router'
import { NwcNodePage } from '@/features/payment-provider/nwc-node-page'

export const Route = createFileRoute('/_auth/onboarding/$businessId/new-nwc-node')({
  component: NewNwcNodeRoute,
})

function NewNwcNodeRoute() {
  const { businessId } = Route.useParams()
  return <NwcNodePage businessId={businessId} />
}
