import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTRPC } from '@/lib/trpc'

export function useApiKeys(businessId: string) {
  const trpc = useTRPC()
  return useQuery(trpc.apiKeys.list.queryOptions({ businessId }))
}

/** Creating or revoking a key refreshes the list. */
export function useApiKeyMutations(businessId: string) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const onSuccess = () =>
    queryClient.invalidateQueries({ queryKey: trpc.apiKeys.list.queryKey({ businessId }) })
  return {
    create: useMutation(trpc.apiKeys.create.mutationOptions({ onSuccess })),
    revoke: useMutation(trpc.apiKeys.revoke.mutationOptions({ onSuccess })),
  }
}
