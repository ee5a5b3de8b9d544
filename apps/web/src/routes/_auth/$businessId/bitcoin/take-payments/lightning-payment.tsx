import { createFileRoute } from '@tanstack/react-router'
import { validateTakePaymentSearch } from '@/features/take-payments/payment-search'
import { TakePaymentPage } from '@/features/take-payments/take-payment-page'
import { priceQueryOptions } from '@/components/payments/payment-data'

export const Route = createFileRoute('/_auth/$businessId/bitcoin/take-payments/lightning-payment')({
  validateSearch: validateTakePaymentSearch,
  loader: ({ context, params }) => {
    // The price and what the wallet can do load alongside; the keypad does not wait for them.
    void context.queryClient.prefetchQuery(priceQueryOptions(context.trpc))
    void context.queryClient.prefetchQuery(
      context.trpc.payments.capabilities.queryOptions({ businessId: params.businessId }),
    )
    return context.queryClient.ensureQueryData(
      context.trpc.businesses.get.queryOptions({ businessId: params.businessId }),
    )
  },
  component: LightningPaymentPage,
})

function LightningPaymentPage() {
  const { businessId } = Route.useParams()
  const { payment } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <TakePaymentPage
      businessId={businessId}
      method="lightning"
      paymentId={payment}
      showPayment={(paymentId, options) =>
        void navigate({
          search: paymentId === undefined ? {} : { payment: paymentId },
          replace: options?.replace,
        })
      }
    />
  )
}
