import { createFileRoute } from '@tanstack/react-router'
import { FinancialDetailsPage } from '@/features/onboarding/application/financial-details-page'

export const Route = createFileRoute('/_auth/onboarding/$businessId/financial-details')({
  loader: async ({ context, params }) => {
    await context.queryClient.ensureQueryData(
      context.trpc.onboarding.state.queryOptions({ businessId: params.businessId }),
    )
  },
  component: FinancialDetailsPageRoute,
})

function FinancialDetailsPageRoute() {
  const { businessId } = Route.useParams()
  return <FinancialDetailsPage businessId={businessId} />
}
