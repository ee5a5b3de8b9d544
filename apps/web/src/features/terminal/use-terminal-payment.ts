/** One payment of this device, kept current by the server until it is settled, expired or failed. */
import { isFinalStatus } from '@app/domain'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useSubscription } from '@trpc/tanstack-react-query'
import { useTRPC } from '@/lib/trpc'

export function useTerminalPayment(paymentId: string) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const input = { paymentId }
  const query = useQuery(trpc.terminal.get.queryOptions(input))
  const isFinal = query.data !== undefined && isFinalStatus(query.data.status)
  useSubscription(
    trpc.terminal.follow.subscriptionOptions(input, {
      enabled: !isFinal,
      onData: ({ data }) =>
        queryClient.setQueryData(trpc.terminal.get.queryKey(input), (old) =>
          old ? { ...old, ...data } : undefined,
        ),
    }),
  )
  return query
}
