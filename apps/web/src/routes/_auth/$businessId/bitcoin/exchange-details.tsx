import { createFileRoute } from '@tanstack/react-router'
import { ExchangeDetailsPage } from '@/features/wallet-details/exchange-details-page'

export const Route = createFileRoute('/_auth/$businessId/bitcoin/exchange-details')({
  component: ExchangeDetailsRoute,
})

function ExchangeDetailsRoute() {
  const { businessId } = Route.useParams()
  return <ExchangeDetailsPage businessId={businessId} />
}
