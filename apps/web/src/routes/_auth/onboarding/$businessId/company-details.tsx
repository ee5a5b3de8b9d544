import { createFileRoute } from '@tanstack/react-router'
import { CompanyDetailsPage } from '@/features/onboarding/application/company-details-page'

export const Route = createFileRoute('/_auth/onboarding/$businessId/company-details')({
  loader: async ({ context, params }) => {
    await context.queryClient.ensureQueryData(
      context.trpc.onboarding.state.queryOptions({ businessId: params.businessId }),
    )
  },
  component: CompanyDetailsPageRoute,
})

function CompanyDetailsPageRoute() {
  const { businessId } = Route.useParams()
  return <CompanyDetailsPage businessId={businessId} />
}
