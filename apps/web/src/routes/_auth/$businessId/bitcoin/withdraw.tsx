import { createFileRoute } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page-header'

export const Route = createFileRoute('/_auth/$businessId/bitcoin/withdraw')({
  component: WithdrawPage,
})

function WithdrawPage() {
  const { t } = useTranslation()
  return <PageHeader title={t('pages.withdraw')} />
}
