import { createFileRoute } from '@tanstack/react-router'
import { PendingPage } from '@/features/onboarding/application/pending-page'

export const Route = createFileRoute('/_auth/onboarding/$businessId/pending')({
  loader: async ({ context, params }) => {
    await context.queryClient.ensureQueryData(
      context.trpc.onboarding.state.queryOptions({ businessId: params.businessId }),
    )
  },
  component: PendingPageRoute,
})

function PendingPageRoute() {
  const { businessId } = Route.useParams()
  return <PendingPage businessId={businessId} />
}
