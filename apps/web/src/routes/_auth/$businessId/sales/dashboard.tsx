import { createFileRoute } from '@tanstack/react-router'
import { SalesDashboardPage } from '@/features/sales/dashboard-page'

// No loader: the page shows at once and each widget its own skeleton until the figures come.
// (A prefetch here would ride in the same HTTP batch as the guards' queries and hold them up.)
export const Route = createFileRoute('/_auth/$businessId/sales/dashboard')({
  component: SalesDashboardRoute,
})

function SalesDashboardRoute() {
  const { businessId } = Route.useParams()
  return <SalesDashboardPage businessId={businessId} />
}
