/**
 * The payment data every payment page shares: a payment as the server shows it, the bitcoin
 * price (kept current on an open till) and what the business's wallet can take.
 */
import { useQuery } from '@tanstack/react-query'
import type { inferOutput } from '@trpc/tanstack-react-query'
import { useTRPC, type Trpc } from '@/lib/trpc'

export type Payment = inferOutput<Trpc['payments']['get']>

/** The spec: a price older than five minutes is asked for again. */
const PRICE_STALE_MS = 5 * 60_000

export function priceQueryOptions(trpc: Trpc) {
  return trpc.price.get.queryOptions(undefined, {
    staleTime: PRICE_STALE_MS,
    // A till left open keeps its conversion current.
    refetchInterval: PRICE_STALE_MS,
  })
}

export function usePrice() {
  return useQuery(priceQueryOptions(useTRPC()))
}

/**
 * What the business's wallet can take: null without a wallet, undefined while unknown (the
 * pages then let the server say no).
 */
export function useWalletCapabilities(businessId: string) {
  const trpc = useTRPC()
  return useQuery(trpc.payments.capabilities.queryOptions({ businessId })).data
}
