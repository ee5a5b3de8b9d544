import { useTranslation } from 'react-i18next'
import { Item, YesNo } from './detail-items'

export function PciDetails({ pci }: { pci: Record<string, unknown> }) {
  const { t } = useTranslation()
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <Item label={t('application.pci.storesCardData')}>
        <YesNo value={pci.storesCardData} />
      </Item>
      <Item label={t('application.pci.usesThirdPartyProcessor')}>
        <YesNo value={pci.usesThirdPartyProcessor} />
      </Item>
      <Item label={t('application.pci.hadDataBreach')}>
        <YesNo value={pci.hadDataBreach} />
      </Item>
      <Item label={t('operator.fields.securityPolicy')}>
        <YesNo value={pci.acceptsSecurityPolicy} />
      </Item>
      {pci.hadDataBreach === true && (
        <Item label={t('application.pci.breachDetails')} wide>
          {typeof pci.breachDetails === 'string' ? pci.breachDetails : ''}
        </Item>
      )}
    </dl>
  )
}
