/**
 * The sales queries, refreshed the moment a payment of the business changes (the server's change
 * stream), so new payments appear on their own; a slow poll covers a dropped stream.
 */
import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query'
import { useSubscription, type inferOutput } from '@trpc/tanstack-react-query'
import { useTRPC, type Trpc } from '@/lib/trpc'
import type { ApiFilter } from './transaction-filters'

export type Dashboard = inferOutput<Trpc['sales']['dashboard']>
export type Transaction = inferOutput<Trpc['sales']['transactions']>['items'][number]
export type PaymentDetail = inferOutput<Trpc['sales']['payment']>

const FALLBACK_REFRESH_MS = 5 * 60_000
const PAGE_SIZE = 25

/** Refetches this business's sales queries whenever one of its payments changes. */
function useSalesChanges(businessId: string) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  useSubscription(
    trpc.sales.changes.subscriptionOptions(
      { businessId },
      {
        onData: () => {
          void queryClient.invalidateQueries({ queryKey: trpc.sales.pathKey() })
        },
      },
    ),
  )
}

export function useDashboard(businessId: string) {
  const trpc = useTRPC()
  useSalesChanges(businessId)
  return useQuery({
    ...trpc.sales.dashboard.queryOptions({ businessId }),
    staleTime: 0,
    refetchInterval: FALLBACK_REFRESH_MS,
  })
}

/** The dashboard's one query, which each widget reads. */
export type DashboardQuery = ReturnType<typeof useDashboard>

export function useTransactions(businessId: string, filter: ApiFilter) {
  const trpc = useTRPC()
  useSalesChanges(businessId)
  return useInfiniteQuery({
    ...trpc.sales.transactions.infiniteQueryOptions(
      { businessId, limit: PAGE_SIZE, ...filter },
      { getNextPageParam: (page) => page.nextCursor ?? undefined },
    ),
    staleTime: 0,
    // While another filter loads, the rows shown so far stay (dimmed) instead of a skeleton.
    placeholderData: keepPreviousData,
  })
}

/** One payment's detail; refreshed with the list when a payment of the business changes. */
export function usePayment(businessId: string, paymentId: string) {
  const trpc = useTRPC()
  return useQuery({ ...trpc.sales.payment.queryOptions({ businessId, paymentId }), staleTime: 0 })
}
