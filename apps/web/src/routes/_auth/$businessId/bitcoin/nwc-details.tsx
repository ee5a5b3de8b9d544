import { createFileRoute } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page-header'

export const Route = createFileRoute('/_auth/$businessId/bitcoin/nwc-details')({
  component: NwcDetailsPage,
})

function NwcDetailsPage() {
  const { t } = useTranslation()
  return <PageHeader title={t('pages.nwcDetails')} />
}
