import { createFileRoute } from '@tanstack/react-router'
import { NodeDetailsPage } from '@/features/node-details/node-details-page'

export const Route = createFileRoute('/_auth/$businessId/bitcoin/node-details')({
  component: NodeDetailsRoute,
})

function NodeDetailsRoute() {
  const { businessId } = Route.useParams()
  return <NodeDetailsPage businessId={businessId} />
}
