import { createFileRoute } from '@tanstack/react-router'
import { PublicReceiptPage } from '@/features/terminal/public-receipt-page'
import { customerLanguage, i18n } from '@/lib/i18n'

export const Route = createFileRoute('/receipt/$token')({
  // in the customer's language, Dutch too (the receipt is a terminal screen)
  beforeLoad: async () => {
    const language = customerLanguage()
    if (i18n.resolvedLanguage !== language) await i18n.changeLanguage(language)
  },
  component: PublicReceiptRoute,
})

function PublicReceiptRoute() {
  const { token } = Route.useParams()
  return <PublicReceiptPage token={token} />
}
