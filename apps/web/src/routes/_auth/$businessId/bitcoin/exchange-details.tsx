import { createFileRoute } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page-header'

export const Route = createFileRoute('/_auth/$businessId/bitcoin/exchange-details')({
  component: ExchangeDetailsPage,
})

function ExchangeDetailsPage() {
  const { t } = useTranslation()
  return <PageHeader title={t('pages.exchangeDetails')} />
}
