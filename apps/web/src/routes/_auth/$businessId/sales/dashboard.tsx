import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { SalesDashboardPage } from '@/features/sales/dashboard-page'
import { useTRPC } from '@/lib/trpc'

// Only a business whose own node still waits for its channel loads the card's code.
const ChannelFundingCard = lazy(() =>
  import('@/features/deposit/funding-card').then((m) => ({ default: m.ChannelFundingCard })),
)

// No loader: the page shows at once and each widget its own skeleton until the figures come.
// (A prefetch here would ride in the same HTTP batch as the guards' queries and hold them up.)
export const Route = createFileRoute('/_auth/$businessId/sales/dashboard')({
  component: SalesDashboardRoute,
})

function SalesDashboardRoute() {
  const { businessId } = Route.useParams()
  const trpc = useTRPC()
  // the step the business area's guard has read already (kept until something changes it)
  const { data } = useQuery(trpc.businesses.onboardingStep.queryOptions({ businessId }))
  return (
    <SalesDashboardPage
      businessId={businessId}
      notice={
        data?.step === 'deposit' ? (
          <Suspense fallback={null}>
            <ChannelFundingCard businessId={businessId} />
          </Suspense>
        ) : undefined
      }
    />
  )
}
