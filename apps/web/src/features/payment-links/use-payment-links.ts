import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { inferOutput } from '@trpc/tanstack-react-query'
import { useTRPC, type Trpc } from '@/lib/trpc'

export type PaymentLink = inferOutput<Trpc['invoices']['links']>[number]

export function usePaymentLinks(businessId: string) {
  const trpc = useTRPC()
  return useQuery(trpc.invoices.links.queryOptions({ businessId }))
}

/** Create, deactivate and reactivate; each refreshes the list. */
export function usePaymentLinkMutations(businessId: string) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const onSuccess = () =>
    queryClient.invalidateQueries({ queryKey: trpc.invoices.links.queryKey({ businessId }) })
  return {
    create: useMutation(trpc.invoices.createLink.mutationOptions({ onSuccess })),
    setActive: useMutation(trpc.invoices.setLinkActive.mutationOptions({ onSuccess })),
  }
}
