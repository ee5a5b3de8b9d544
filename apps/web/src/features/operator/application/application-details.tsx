/**
 * The application as the operator reads it: every section as labelled values, people one by
 * one, amounts in their currency, countries by flag and name.
 */
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { formatDate } from '@/lib/format'
import type { Application } from './application-types'
import { CompanyDetails } from './company-details'
import { Item } from './detail-items'
import { FinancialDetails } from './financial-details'
import { OperationsDetails } from './operations-details'
import { PciDetails } from './pci-details'
import { PeopleDetails } from './people-details'

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
