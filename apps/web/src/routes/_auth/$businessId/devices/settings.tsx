import { createFileRoute } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page-header'

export const Route = createFileRoute('/_auth/$businessId/devices/settings')({
  component: DeviceSettingsPage,
})

function DeviceSettingsPage() {
  const { t } = useTranslation()
  return <PageHeader title={t('pages.deviceSettings')} />
}
