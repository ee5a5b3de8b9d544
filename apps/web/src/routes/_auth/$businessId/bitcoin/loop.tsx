import { createFileRoute } from '@tanstack/react-router'
import { LoopPage } from '@/features/loop/loop-page'

export const Route = createFileRoute('/_auth/$businessId/bitcoin/loop')({
  component: LoopRoute,
})

function LoopRoute() {
  const { businessId } = Route.useParams()
  return <LoopPage businessId={businessId} />
}
