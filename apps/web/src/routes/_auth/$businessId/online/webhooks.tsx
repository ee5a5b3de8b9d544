import { createFileRoute } from '@tanstack/react-router'
import { InvoiceWebhooksPage } from '@/features/invoice-webhooks/invoice-webhooks-page'

export const Route = createFileRoute('/_auth/$businessId/online/webhooks')({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(
      context.trpc.invoiceWebhooks.list.queryOptions({ businessId: params.businessId }),
    ),
  component: InvoiceWebhooksRoute,
})

function InvoiceWebhooksRoute() {
  const { businessId } = Route.useParams()
  return <InvoiceWebhooksPage businessId={businessId} />
}
