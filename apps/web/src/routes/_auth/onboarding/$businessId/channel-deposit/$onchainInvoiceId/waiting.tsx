import { createFileRoute } from '@tanstack/react-router'
import { DepositWaitingPage } from '@/features/deposit/deposit-waiting-page'

export const Route = createFileRoute(
  '/_auth/onboarding/$businessId/channel-deposit/$onchainInvoiceId/waiting',
)({
  component: ChannelDepositWaitingRoute,
})

function ChannelDepositWaitingRoute() {
  const { businessId, onchainInvoiceId } = Route.useParams()
  return <DepositWaitingPage businessId={businessId} onchainInvoiceId={onchainInvoiceId} />
}
