import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { StaffLockNotice } from '@/features/devices/staff-lock-notice'
import { NodeLockNotice } from '@/features/node/node-unlock'
import { BusinessLayout } from '@/features/shell/business-layout'
import { setDateRegion } from '@/lib/format'
import { useTRPC } from '@/lib/trpc'

export const Route = createFileRoute('/_auth/$businessId')({
  // loaded when a business page opens, not with every page's entry (see routePreload())
  beforeLoad: async ({ context, params }) => {
    const { guardBusinessArea } = await import('@/features/onboarding/onboarding-routes')
    await guardBusinessArea(context, params.businessId)
  },
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(context.trpc.businesses.list.queryOptions()),
  component: BusinessAreaLayout,
})

function BusinessAreaLayout() {
  const { businessId } = Route.useParams()
  const trpc = useTRPC()
  const { data: businesses } = useSuspenseQuery(trpc.businesses.list.queryOptions())
  // dates on the business's pages follow its country, as its terminals' do
  setDateRegion(businesses.find((b) => b.id === businessId)?.currency)
  return (
    <BusinessLayout
      businessId={businessId}
      notice={
        <>
          <NodeLockNotice businessId={businessId} />
          <StaffLockNotice businessId={businessId} />
        </>
      }
    />
  )
}
