import { createFileRoute } from '@tanstack/react-router'
import { DirectorDetailsPage } from '@/features/onboarding/application/director-details-page'

export const Route = createFileRoute('/_auth/onboarding/$businessId/director-details')({
  loader: async ({ context, params }) => {
    await context.queryClient.ensureQueryData(
      context.trpc.onboarding.state.queryOptions({ businessId: params.businessId }),
    )
  },
  component: DirectorDetailsPageRoute,
})

function DirectorDetailsPageRoute() {
  const { businessId } = Route.useParams()
  return <DirectorDetailsPage businessId={businessId} />
}
