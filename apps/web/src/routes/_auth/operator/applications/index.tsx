import { createFileRoute } from '@tanstack/react-router'
import { ApplicationsPage } from '@/features/operator/applications-page'
import { isReviewFilter, statusInput, type ReviewFilter } from '@/features/operator/review-status'

interface ApplicationsSearch {
  status?: ReviewFilter
}

export const Route = createFileRoute('/_auth/operator/applications/')({
  // `status`: which applications to list; pending ones unless another known filter is given.
  validateSearch: (search: Record<string, unknown>): ApplicationsSearch =>
    isReviewFilter(search.status) ? { status: search.status } : {},
  loaderDeps: ({ search }) => ({ filter: search.status ?? 'pending' }),
  loader: async ({ context, deps }) => {
    await context.queryClient.ensureQueryData(
      context.trpc.operator.applications.queryOptions(statusInput(deps.filter)),
    )
  },
  component: ApplicationsRoute,
})

function ApplicationsRoute() {
  const { status } = Route.useSearch()
  return <ApplicationsPage filter={status ?? 'pending'} />
}
