import { SALES_CHANNELS, type SalesChannel } from '@app/domain'
import { useTranslation } from 'react-i18next'
import { formatNumber } from '@/lib/format'
import { Item } from './detail-items'

function isSalesChannel(value: unknown): value is SalesChannel {
  return (SALES_CHANNELS as readonly unknown[]).includes(value)
}

export function OperationsDetails({ operations }: { operations: Record<string, unknown> }) {
  const { t } = useTranslation()
  const channels = Array.isArray(operations.salesChannels) ? operations.salesChannels : []
  const channelNames = channels
    .filter(isSalesChannel)
    .map((c) => t(`application.salesChannels.${c}.label`))
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <Item label={t('application.operations.products')} wide>
        {typeof operations.productsDescription === 'string' ? operations.productsDescription : ''}
      </Item>
      <Item label={t('application.operations.channels')} wide>
        {channelNames.join(', ')}
      </Item>
      <Item label={t('application.operations.locations')}>
        {typeof operations.locationsCount === 'number'
          ? formatNumber(operations.locationsCount)
          : ''}
      </Item>
      <Item label={t('application.operations.terminals')}>
        {typeof operations.terminalsCount === 'number'
          ? formatNumber(operations.terminalsCount)
          : ''}
      </Item>
    </dl>
  )
}
