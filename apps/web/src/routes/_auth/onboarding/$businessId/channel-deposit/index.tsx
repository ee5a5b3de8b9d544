import { createFileRoute } from '@tanstack/react-router'
import { ChannelDepositPage } from '@/features/deposit/channel-deposit-page'

export const Route = createFileRoute('/_auth/onboarding/$businessId/channel-deposit/')({
  component: ChannelDepositRoute,
})

function ChannelDepositRoute() {
  const { businessId } = Route.useParams()
  return <ChannelDepositPage businessId={businessId} />
}
