import { createFileRoute } from '@tanstack/react-router'
import { ExchangeAccountPage } from '@/features/payment-provider/exchange-account-page'

export const Route = createFileRoute('/_auth/onboarding/$businessId/new-exchange-account')({
  component: NewExchangeAccountRoute,
})

function NewExchangeAccountRoute() {
  const { businessId } = Route.useParams()
  return <ExchangeAccountPage businessId={businessId} />
}
