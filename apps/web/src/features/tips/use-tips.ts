import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTRPC } from '@/lib/trpc'

export function useTipPages(businessId: string) {
  const trpc = useTRPC()
  return useQuery(trpc.tips.list.queryOptions({ businessId }))
}

/** Create, rename and delete; each refreshes the list. */
export function useTipMutations(businessId: string) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const onSuccess = () =>
    queryClient.invalidateQueries({ queryKey: trpc.tips.list.queryKey({ businessId }) })
  return {
    create: useMutation(trpc.tips.create.mutationOptions({ onSuccess })),
    update: useMutation(trpc.tips.update.mutationOptions({ onSuccess })),
    remove: useMutation(trpc.tips.delete.mutationOptions({ onSuccess })),
  }
}
