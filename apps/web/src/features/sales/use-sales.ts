/** The sales queries, refreshed while a page shows them so new payments appear on their own. */
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import type { inferOutput } from '@trpc/tanstack-react-query'
import { useTRPC, type Trpc } from '@/lib/trpc'
import type { ApiFilter } from './transaction-filters'

export type Dashboard = inferOutput<Trpc['sales']['dashboard']>
export type Transaction = inferOutput<Trpc['sales']['transactions']>['items'][number]

const DASHBOARD_REFRESH_MS = 30_000
export const PAGE_SIZE = 25

export function useDashboard(businessId: string) {
  const trpc = useTRPC()
  return useQuery({
    ...trpc.sales.dashboard.queryOptions({ businessId }),
    staleTime: 0,
    refetchInterval: DASHBOARD_REFRESH_MS,
  })
}

export function useTransactions(businessId: string, filter: ApiFilter) {
  const trpc = useTRPC()
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
