/**
 * The withdraw page's data: balances, the withdrawals list (live from the server's change
 * stream), the business's currency and network, and the quote and confirm calls.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useSubscription, type inferOutput } from '@trpc/tanstack-react-query'
import { currencyOrDefault, type BitcoinNetwork } from '@app/domain'
import { useSystemConfig } from '@/lib/use-system-config'
import { useTRPC, type Trpc } from '@/lib/trpc'

export type Withdrawal = inferOutput<Trpc['withdrawals']['list']>[number]
export type Quote = inferOutput<Trpc['withdrawals']['quote']>
export type Balances = inferOutput<Trpc['withdrawals']['balances']>

export function useBalances(businessId: string) {
  const trpc = useTRPC()
  return useQuery({ ...trpc.withdrawals.balances.queryOptions({ businessId }), retry: false })
}

/** The list, replaced by every value the server's stream sends. */
export function useWithdrawals(
  businessId: string,
  onChange?: (before: Withdrawal[], after: Withdrawal[]) => void,
) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const key = trpc.withdrawals.list.queryKey({ businessId })
  useSubscription(
    trpc.withdrawals.watch.subscriptionOptions(
      { businessId },
      {
        onData: (event) => {
          const before = queryClient.getQueryData<Withdrawal[]>(key) ?? []
          queryClient.setQueryData(key, event.data)
          onChange?.(before, event.data)
          void queryClient.invalidateQueries({
            queryKey: trpc.withdrawals.balances.queryKey({ businessId }),
          })
        },
      },
    ),
  )
  return useQuery(trpc.withdrawals.list.queryOptions({ businessId }))
}

export function useWithdrawMutations() {
  const trpc = useTRPC()
  return {
    quote: useMutation(trpc.withdrawals.quote.mutationOptions()),
    confirm: useMutation(trpc.withdrawals.confirm.mutationOptions()),
  }
}

export function useCurrency(businessId: string) {
  const trpc = useTRPC()
  const { data } = useQuery(trpc.businesses.get.queryOptions({ businessId }))
  return currencyOrDefault(data?.currency)
}

export function useNetwork(): BitcoinNetwork {
  return useSystemConfig().network ?? 'simnet'
}
