import { createFileRoute } from '@tanstack/react-router'
import { LightningNodePage } from '@/features/node/lightning-node-page'
import { BackToOptions } from '@/features/payment-provider/back-to-options'

export const Route = createFileRoute('/_auth/onboarding/$businessId/new-lightning-node')({
  component: NewLightningNodeRoute,
})

function NewLightningNodeRoute() {
  const { businessId } = Route.useParams()
  return (
    <LightningNodePage
      businessId={businessId}
      backLink={<BackToOptions businessId={businessId} />}
    />
  )
}
