import { createFileRoute, redirect } from '@tanstack/react-router'
import { BusinessSelectionPage } from '@/features/businesses/business-selection-page'
import { SimpleShell } from '@/features/shell/simple-shell'

export const Route = createFileRoute('/_auth/')({
  loader: async ({ context }) => {
    const businesses = await context.queryClient.fetchQuery(
      context.trpc.businesses.list.queryOptions(),
    )
    // Operators always get this page: it leads them to the applications awaiting review.
    if (context.profile.isOperator) return
    const [first] = businesses
    if (!first) throw redirect({ to: '/onboarding/new-business', replace: true })
    if (businesses.length === 1) {
      throw redirect({
        to: '/$businessId/sales/dashboard',
        params: { businessId: first.id },
        replace: true,
      })
    }
  },
  component: BusinessSelectionRoute,
})

function BusinessSelectionRoute() {
  return (
    <SimpleShell>
      <BusinessSelectionPage />
    </SimpleShell>
  )
}
