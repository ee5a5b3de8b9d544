import { createFileRoute } from '@tanstack/react-router'
import { PublicReceiptPage } from '@/features/terminal/public-receipt-page'

export const Route = createFileRoute('/receipt/$token')({
  component: PublicReceiptRoute,
})

function PublicReceiptRoute() {
  const { token } = Route.useParams()
  return <PublicReceiptPage token={token} />
}
