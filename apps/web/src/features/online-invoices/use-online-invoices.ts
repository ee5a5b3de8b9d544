import type { InvoiceStatus } from '@app/domain'
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import { useTRPC } from '@/lib/trpc'

const PAGE_SIZE = 25

/** The business's invoices, newest first, a page at a time; optionally of one status. */
export function useOnlineInvoices(businessId: string, status: InvoiceStatus | undefined) {
  const trpc = useTRPC()
  return useInfiniteQuery({
    ...trpc.invoices.list.infiniteQueryOptions(
      { businessId, limit: PAGE_SIZE, ...(status ? { status } : {}) },
      { getNextPageParam: (page) => page.nextCursor ?? undefined },
    ),
    placeholderData: keepPreviousData,
  })
}

export function useOnlineInvoice(businessId: string, invoiceId: string) {
  const trpc = useTRPC()
  return useQuery(trpc.invoices.get.queryOptions({ businessId, invoiceId }))
}

/** The payment links by id, to name an invoice's source. */
export function useLinkNames(businessId: string): Map<string, string> {
  const trpc = useTRPC()
  const links = useQuery(trpc.invoices.links.queryOptions({ businessId }))
  return new Map((links.data ?? []).map((l) => [l.id, l.name]))
}

/** The merchant's calls on an invoice; each refreshes the invoices and links. */
export function useInvoiceMutations() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: trpc.invoices.pathKey() })
  return {
    invalidate: useMutation(trpc.invoices.invalidate.mutationOptions({ onSuccess })),
    acceptPartial: useMutation(trpc.invoices.acceptPartial.mutationOptions({ onSuccess })),
  }
}
