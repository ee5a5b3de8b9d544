import { createFileRoute } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page-header'

export const Route = createFileRoute('/_auth/onboarding/$businessId/operations-details')({
  component: OperationsDetailsPage,
})

function OperationsDetailsPage() {
  const { t } = useTranslation()
  return <PageHeader title={t('pages.operationsDetails')} />
}
