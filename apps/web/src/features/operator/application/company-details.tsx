import { useTranslation } from 'react-i18next'
import type { Company } from './application-types'
import { AddressText, CountryName, Item } from './detail-items'

export function CompanyDetails({ company }: { company: Company }) {
  const { t } = useTranslation()
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <Item label={t('application.company.legalName')}>{company.legalName}</Item>
      <Item label={t('application.company.tradingName')}>{company.tradingName}</Item>
      <Item label={t('application.company.companyType')}>
        {t(`application.companyTypes.${company.companyType}.label`)}
      </Item>
      <Item label={t('application.company.registrationNumber')}>
        {company.registrationNumber || t('operator.notGiven')}
      </Item>
      <Item label={t('application.company.country')}>
        <CountryName code={company.country} />
      </Item>
      <Item label={t('application.company.phone')}>
        {`${company.phone.callingCode} ${company.phone.number}`}
      </Item>
      <Item label={t('application.company.address')}>
        <AddressText address={company.address} />
      </Item>
      <Item label={t('operator.fields.website')}>
        {company.website ? (
          <a
            href={company.website}
            target="_blank"
            rel="noreferrer noopener"
            className="text-primary underline-offset-4 hover:underline"
          >
            {company.website}
          </a>
        ) : (
          t('operator.notGiven')
        )}
      </Item>
    </dl>
  )
}
