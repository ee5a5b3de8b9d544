import { WEBHOOK_DELIVERIES_PAGE } from '@app/domain'
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import { useTRPC } from '@/lib/trpc'

/** The business's webhooks for invoice events, and what changes them. */
export function useInvoiceWebhooks(businessId: string) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const list = useQuery(trpc.invoiceWebhooks.list.queryOptions({ businessId }))
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.invoiceWebhooks.list.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.invoiceWebhooks.deliveries.pathKey() }),
    ])
  return {
    list,
    create: useMutation(trpc.invoiceWebhooks.create.mutationOptions({ onSuccess: refresh })),
    remove: useMutation(trpc.invoiceWebhooks.remove.mutationOptions({ onSuccess: refresh })),
    sendTest: useMutation(trpc.invoiceWebhooks.sendTest.mutationOptions({ onSettled: refresh })),
    redeliver: useMutation(trpc.invoiceWebhooks.redeliver.mutationOptions({ onSettled: refresh })),
  }
}

/** The delivery log, newest first, a page at a time; asked again often while a call is due. */
export function useWebhookDeliveries(businessId: string, webhookId: string | undefined) {
  const trpc = useTRPC()
  return useInfiniteQuery({
    ...trpc.invoiceWebhooks.deliveries.infiniteQueryOptions(
      { businessId, limit: WEBHOOK_DELIVERIES_PAGE, ...(webhookId ? { webhookId } : {}) },
      { getNextPageParam: (page) => page.nextCursor ?? undefined },
    ),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.pages.some((p) => p.items.some((d) => d.status === 'pending'))
        ? 3_000
        : 30_000,
  })
}
