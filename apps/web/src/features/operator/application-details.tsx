/**
 * The application as the operator reads it: every section as labelled values, people one by
 * one, amounts in their currency, countries by flag and name.
 */
import {
  findCountry,
  formatIban,
  formatMinor,
  SALES_CHANNELS,
  type SalesChannel,
} from '@app/domain'
import type { TFunction } from 'i18next'
import type { inferOutput } from '@trpc/tanstack-react-query'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { formatDate, formatNumber } from '@/lib/format'
import { currentLanguage } from '@/lib/i18n'
import type { Trpc } from '@/lib/trpc'

export type ReviewedApplication = inferOutput<Trpc['operator']['application']>
type Application = ReviewedApplication['application']
type Company = NonNullable<Application['company']>
type Directors = NonNullable<Application['director']>
type Address = Company['address']

interface PersonView {
  firstName: string
  lastName: string
  dateOfBirth: string
  nationality: string
  email: string
  address: Address
  ownershipPercent?: number
}

export function ApplicationDetails({ application }: { application: Application }) {
  const { t } = useTranslation()
  return (
    <div className="grid gap-6">
      <Section title={t('operator.sections.company')}>
        {application.company ? <CompanyDetails company={application.company} /> : <Missing />}
      </Section>
      <Section title={t('operator.sections.people')}>
        {application.director ? <PeopleDetails directors={application.director} /> : <Missing />}
      </Section>
      <Section title={t('operator.sections.financial')}>
        {application.financial ? (
          <FinancialDetails financial={application.financial} />
        ) : (
          <Missing />
        )}
      </Section>
      <Section title={t('operator.sections.pci')}>
        {application.pci ? <PciDetails pci={application.pci} /> : <Missing />}
      </Section>
      <Section title={t('operator.sections.operations')}>
        {application.operations ? (
          <OperationsDetails operations={application.operations} />
        ) : (
          <Missing />
        )}
      </Section>
      <Section title={t('operator.sections.terms')}>
        <dl className="grid gap-4 sm:grid-cols-2">
          <Item label={t('operator.fields.termsAcceptedAt')}>
            {application.termsAcceptedAt
              ? formatDate(application.termsAcceptedAt, { timeStyle: 'short' })
              : t('operator.notGiven')}
          </Item>
        </dl>
      </Section>
    </div>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  )
}

function Missing() {
  const { t } = useTranslation()
  return <p className="text-sm text-muted-foreground">{t('operator.sectionMissing')}</p>
}

function Item({
  label,
  children,
  wide = false,
}: {
  label: string
  children: ReactNode
  wide?: boolean
}) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 text-sm break-words whitespace-pre-line">{children || '—'}</dd>
    </div>
  )
}

function CountryName({ code }: { code: string }) {
  const country = findCountry(currentLanguage(), code)
  return <>{country ? `${country.flag} ${country.name}` : code}</>
}

function AddressText({ address }: { address: Address }) {
  return (
    <>
      {[address.line1, address.line2, `${address.postcode} ${address.city}`]
        .filter((line) => line && line.trim() !== '')
        .join('\n')}
      {'\n'}
      <CountryName code={address.country} />
    </>
  )
}

function CompanyDetails({ company }: { company: Company }) {
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

function peopleGroups(directors: Directors, t: TFunction) {
  switch (directors.companyType) {
    case 'sole_trader':
      return [{ title: t('application.director.owner'), people: [directors.owner] }]
    case 'partnership':
      return [{ title: t('operator.people.partners'), people: directors.partners }]
    case 'corporation':
      return [
        { title: t('application.director.directorsHeading'), people: directors.directors },
        { title: t('application.director.ownersHeading'), people: directors.beneficialOwners },
      ]
  }
}

function PeopleDetails({ directors }: { directors: Directors }) {
  const { t } = useTranslation()
  return (
    <div className="grid gap-6">
      {peopleGroups(directors, t).map((group) => (
        <div key={group.title} className="grid gap-3">
          <h3 className="text-sm font-semibold">
            {group.title} <span className="text-muted-foreground">({group.people.length})</span>
          </h3>
          {group.people.length === 0 && (
            <p className="text-sm text-muted-foreground">{t('operator.people.none')}</p>
          )}
          {group.people.map((person: PersonView, index) => (
            <div
              key={`${person.email}-${index}`}
              className="rounded-lg border border-border bg-muted/30 p-4"
            >
              <p className="mb-3 font-medium">
                {`${person.firstName} ${person.lastName}`}
                {person.ownershipPercent !== undefined && (
                  <span className="ml-2 text-sm font-normal text-muted-foreground">
                    {t('operator.people.share', {
                      percent: formatNumber(person.ownershipPercent, { maximumFractionDigits: 2 }),
                    })}
                  </span>
                )}
              </p>
              <dl className="grid gap-4 sm:grid-cols-2">
                <Item label={t('application.person.dateOfBirth')}>
                  {formatDate(new Date(`${person.dateOfBirth}T12:00:00`))}
                </Item>
                <Item label={t('application.person.nationality')}>
                  <CountryName code={person.nationality} />
                </Item>
                <Item label={t('application.person.email')}>{person.email}</Item>
                <Item label={t('application.person.address')}>
                  <AddressText address={person.address} />
                </Item>
              </dl>
            </div>
          ))}
        </div>
      ))}
    </div>
  )
}

function FinancialDetails({ financial }: { financial: NonNullable<Application['financial']> }) {
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

function YesNo({ value }: { value: unknown }) {
  const { t } = useTranslation()
  if (value === true) return <>{t('application.pci.yes')}</>
  if (value === false) return <>{t('application.pci.no')}</>
  return <>—</>
}

function PciDetails({ pci }: { pci: Record<string, unknown> }) {
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

function isSalesChannel(value: unknown): value is SalesChannel {
  return (SALES_CHANNELS as readonly unknown[]).includes(value)
}

function OperationsDetails({ operations }: { operations: Record<string, unknown> }) {
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
