import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTRPC } from '@/lib/trpc'

/** Hands a token to the server, which takes it at its mint and pays the business's wallet. */
export function useRedeem() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return useMutation(
    trpc.ecash.redeem.mutationOptions({
      onSettled: () => {
        // Sales and dashboards count the new payment (or the refused one) from here on.
        void queryClient.invalidateQueries({ queryKey: trpc.sales.pathKey() })
      },
    }),
  )
}

export function useAcceptedMints(businessId: string) {
  const trpc = useTRPC()
  return useQuery(trpc.ecash.acceptedMints.queryOptions({ businessId }))
}
