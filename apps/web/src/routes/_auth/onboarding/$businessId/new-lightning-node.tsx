import { createFileRoute } from '@tanstack/react-router'
import { LightningNodePage } from '@/features/wallet-setup/lightning-node-page'

export const Route = createFileRoute('/_auth/onboarding/$businessId/new-lightning-node')({
  component: NewLightningNodeRoute,
})

function NewLightningNodeRoute() {
  const { businessId } = Route.useParams()
  return <LightningNodePage businessId={businessId} />
}
