import { createFileRoute } from '@tanstack/react-router'
import { NwcDetailsPage } from '@/features/wallet-details/nwc-details-page'

export const Route = createFileRoute('/_auth/$businessId/bitcoin/nwc-details')({
  component: NwcDetailsRoute,
})

function NwcDetailsRoute() {
  const { businessId } = Route.useParams()
  return <NwcDetailsPage businessId={businessId} />
}
