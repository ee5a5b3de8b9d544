import { createFileRoute } from '@tanstack/react-router'
import { WithdrawPage } from '@/features/withdraw/withdraw-page'

export const Route = createFileRoute('/_auth/$businessId/bitcoin/withdraw')({
  component: WithdrawRoute,
})

function WithdrawRoute() {
  const { businessId } = Route.useParams()
  return <WithdrawPage businessId={businessId} />
}
