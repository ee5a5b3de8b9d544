import { createFileRoute } from '@tanstack/react-router'
import { PaymentProcessorPage } from '@/features/payment-provider/payment-processor-page'

export const Route = createFileRoute('/_auth/onboarding/$businessId/payment-processor')({
  component: PaymentProcessorRoute,
})

function PaymentProcessorRoute() {
  const { businessId } = Route.useParams()
  return <PaymentProcessorPage businessId={businessId} />
}
