import { formatIban, formatMinor } from '@app/domain'
import { useTranslation } from 'react-i18next'
import { currentLanguage } from '@/lib/i18n'
import type { Application } from './application-types'
import { Item } from './detail-items'

export function FinancialDetails({
  financial,
}: {
  financial: NonNullable<Application['financial']>
}) {
  const { t } = useTranslation()
  const language = currentLanguage()
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <Item label={t('application.financial.currency')}>
        {`${financial.currency} · ${t(`application.currencies.${financial.currency}`)}`}
      </Item>
      <Item label={t('application.financial.monthlyVolume')}>
        {formatMinor(financial.expectedMonthlyVolumeMinor, financial.currency, language)}
      </Item>
      <Item label={t('application.financial.averageSale')}>
        {formatMinor(financial.averageSaleMinor, financial.currency, language)}
      </Item>
      <Item label={t('application.financial.accountHolder')}>{financial.bankAccountHolder}</Item>
      <Item label={t('application.financial.iban')} wide>
        <span className="font-mono">{formatIban(financial.iban)}</span>
      </Item>
    </dl>
  )
}
