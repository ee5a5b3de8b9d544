import { createFileRoute } from '@tanstack/react-router'
import { TipsPage } from '@/features/tips/tips-page'

export const Route = createFileRoute('/_auth/$businessId/bitcoin/take-payments/lightning-tips')({
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(
      context.trpc.payments.capabilities.queryOptions({ businessId: params.businessId }),
    )
    return context.queryClient.ensureQueryData(
      context.trpc.tips.list.queryOptions({ businessId: params.businessId }),
    )
  },
  component: LightningTipsPage,
})

function LightningTipsPage() {
  const { businessId } = Route.useParams()
  return <TipsPage businessId={businessId} />
}
