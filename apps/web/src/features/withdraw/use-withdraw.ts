/**
 * The withdraw page's data: balances, the withdrawals list (live from the server's change
 * stream), the business's currency and network, and the quote and confirm calls.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
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

/** Newest first, the id breaking ties, each withdrawal once (the live copy wins). */
export function mergeWithdrawals(live: Withdrawal[], older: Withdrawal[]): Withdrawal[] {
  const byId = new Map<string, Withdrawal>()
  for (const w of [...older, ...live]) byId.set(w.id, w)
  return [...byId.values()].sort((a, b) =>
    a.createdAt !== b.createdAt
      ? a.createdAt < b.createdAt
        ? 1
        : -1
      : a.id < b.id
        ? 1
        : a.id > b.id
          ? -1
          : 0,
  )
}

/**
 * The withdrawals before the live list's latest page, loaded a page at a time by the last id
 * shown. Rows the live list lets go of once more are loaded are kept, so none goes missing.
 */
export function useOlderWithdrawals(businessId: string) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const [older, setOlder] = useState<Withdrawal[]>([])
  const [hasMore, setHasMore] = useState<boolean | null>(null)
  const [isLoading, setIsLoading] = useState(false)
  const loadAfter = async (lastId: string) => {
    setIsLoading(true)
    try {
      const page = await queryClient.fetchQuery(
        trpc.withdrawals.page.queryOptions({ businessId, cursor: lastId }, { staleTime: 0 }),
      )
      setOlder((o) => [...o, ...page.items])
      setHasMore(page.nextCursor !== null)
    } finally {
      setIsLoading(false)
    }
  }
  const keep = (dropped: Withdrawal[]) => {
    if (dropped.length > 0) setOlder((o) => (o.length === 0 ? o : [...o, ...dropped]))
  }
  return { older, hasMore, isLoading, loadAfter, keep }
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
