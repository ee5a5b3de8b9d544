import { createFileRoute } from '@tanstack/react-router'
import { OnlineInvoicesPage } from '@/features/online-invoices/online-invoices-page'

export const Route = createFileRoute('/_auth/$businessId/online/invoices')({
  component: OnlineInvoicesRoute,
})

function OnlineInvoicesRoute() {
  const { businessId } = Route.useParams()
  return <OnlineInvoicesPage businessId={businessId} />
}
