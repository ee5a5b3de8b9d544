import { createFileRoute } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page-header'

export const Route = createFileRoute('/_auth/onboarding/$businessId/company-details')({
  component: CompanyDetailsPage,
})

function CompanyDetailsPage() {
  const { t } = useTranslation()
  return <PageHeader title={t('pages.companyDetails')} />
}
