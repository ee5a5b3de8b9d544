import { createFileRoute } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page-header'

export const Route = createFileRoute('/_auth/onboarding/$businessId/new-nwc-node')({
  component: NewNwcNodePage,
})

function NewNwcNodePage() {
  const { t } = useTranslation()
  return <PageHeader title={t('pages.newNwcNode')} />
}
