import { createFileRoute } from '@tanstack/react-router'
import { OperationsDetailsPage } from '@/features/onboarding/application/operations-details-page'

export const Route = createFileRoute('/_auth/onboarding/$businessId/operations-details')({
  loader: async ({ context, params }) => {
    await context.queryClient.ensureQueryData(
      context.trpc.onboarding.state.queryOptions({ businessId: params.businessId }),
    )
  },
  component: OperationsDetailsPageRoute,
})

function OperationsDetailsPageRoute() {
  const { businessId } = Route.useParams()
  return <OperationsDetailsPage businessId={businessId} />
}
