import { createFileRoute } from '@tanstack/react-router'
import { EcashPaymentPage } from '@/features/ecash/ecash-payment-page'
import { priceQueryOptions } from '@/components/payments/payment-data'

export const Route = createFileRoute('/_auth/$businessId/bitcoin/take-payments/ecash-payment')({
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(priceQueryOptions(context.trpc))
    void context.queryClient.prefetchQuery(
      context.trpc.ecash.acceptedMints.queryOptions({ businessId: params.businessId }),
    )
  },
  component: EcashPaymentRoute,
})

function EcashPaymentRoute() {
  const { businessId } = Route.useParams()
  return <EcashPaymentPage businessId={businessId} />
}
