import { createFileRoute } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page-header'

export const Route = createFileRoute('/_auth/onboarding/$businessId/director-details')({
  component: DirectorDetailsPage,
})

function DirectorDetailsPage() {
  const { t } = useTranslation()
  return <PageHeader title={t('pages.directorDetails')} />
}
