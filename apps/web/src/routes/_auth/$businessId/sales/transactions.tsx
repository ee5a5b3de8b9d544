import { createFileRoute } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page-header'

export const Route = createFileRoute('/_auth/$businessId/sales/transactions')({
  component: TransactionsPage,
})

function TransactionsPage() {
  const { t } = useTranslation()
  return <PageHeader title={t('pages.transactions')} />
}
