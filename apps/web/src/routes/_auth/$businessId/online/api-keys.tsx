import { createFileRoute } from '@tanstack/react-router'
import { ApiKeysPage } from '@/features/api-keys/api-keys-page'

export const Route = createFileRoute('/_auth/$businessId/online/api-keys')({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(
      context.trpc.apiKeys.list.queryOptions({ businessId: params.businessId }),
    ),
  component: ApiKeysRoute,
})

function ApiKeysRoute() {
  const { businessId } = Route.useParams()
  return <ApiKeysPage businessId={businessId} />
}
