import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useSubscription } from '@trpc/tanstack-react-query'
import { useTRPC } from '@/lib/trpc'

/**
 * The business's node as the server last described it, kept current by the server's change
 * stream once a node exists (every change replaces the cached status).
 */
export function useLiveNodeStatus(businessId: string) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const query = useQuery(trpc.node.status.queryOptions({ businessId }))
  useSubscription(
    trpc.node.watch.subscriptionOptions(
      { businessId },
      {
        enabled: query.data?.exists === true,
        onData: ({ data }) => {
          queryClient.setQueryData(trpc.node.status.queryKey({ businessId }), data)
        },
      },
    ),
  )
  return query
}
