import { createFileRoute } from '@tanstack/react-router'
import { ApplicationReviewPage } from '@/features/operator/application-review-page'

export const Route = createFileRoute('/_auth/operator/applications/$businessId')({
  loader: async ({ context, params }) => {
    await context.queryClient.ensureQueryData(
      context.trpc.operator.application.queryOptions({ businessId: params.businessId }),
    )
  },
  component: ApplicationReviewRoute,
})

function ApplicationReviewRoute() {
  const { businessId } = Route.useParams()
  return <ApplicationReviewPage businessId={businessId} />
}
