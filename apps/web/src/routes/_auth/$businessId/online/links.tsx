import { createFileRoute } from '@tanstack/react-router'
import { PaymentLinksPage } from '@/features/payment-links/payment-links-page'

export const Route = createFileRoute('/_auth/$businessId/online/links')({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(
      context.trpc.invoices.links.queryOptions({ businessId: params.businessId }),
    ),
  component: PaymentLinksRoute,
})

function PaymentLinksRoute() {
  const { businessId } = Route.useParams()
  return <PaymentLinksPage businessId={businessId} />
}
