import { createFileRoute } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page-header'

export const Route = createFileRoute('/_auth/onboarding/$businessId/payment-processor')({
  component: PaymentProcessorPage,
})

function PaymentProcessorPage() {
  const { t } = useTranslation()
  return <PageHeader title={t('pages.paymentProcessor')} />
}
