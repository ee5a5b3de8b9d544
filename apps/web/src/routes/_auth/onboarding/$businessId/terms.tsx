import { createFileRoute } from '@tanstack/react-router'
import { TermsPage } from '@/features/onboarding/application/terms-page'

export const Route = createFileRoute('/_auth/onboarding/$businessId/terms')({
  loader: async ({ context, params }) => {
    await context.queryClient.ensureQueryData(
      context.trpc.onboarding.state.queryOptions({ businessId: params.businessId }),
    )
  },
  component: TermsPageRoute,
})

function TermsPageRoute() {
  const { businessId } = Route.useParams()
  return <TermsPage businessId={businessId} />
}
