import { createFileRoute } from '@tanstack/react-router'
import { guardBusinessArea } from '@/features/onboarding/onboarding-routes'
import { NodeLockNotice } from '@/features/node/node-unlock'
import { BusinessLayout } from '@/features/shell/business-layout'

export const Route = createFileRoute('/_auth/$businessId')({
  beforeLoad: ({ context, params }) => guardBusinessArea(context, params.businessId),
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(context.trpc.businesses.list.queryOptions()),
  component: BusinessAreaLayout,
})

function BusinessAreaLayout() {
  const { businessId } = Route.useParams()
  return (
    <BusinessLayout businessId={businessId} notice={<NodeLockNotice businessId={businessId} />} />
  )
}
